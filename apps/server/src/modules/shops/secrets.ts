import { maskSecret, openSecret, type SecretBox } from "../../platform/secrets/secret-box.js";

/** What an answer carries for a stored secret: its mask, "" when none is stored. */
export function maskedSecret(secrets: SecretBox, sealed: string | null): string {
  return maskSecret(openSecret(secrets, sealed));
}

/** The sealed value to store for a new shop's secret: null when none was given. */
export function sealNew(secrets: SecretBox, sent: string | null | undefined): string | null {
  return sent ? secrets.seal(sent) : null;
}

/**
 * The sealed value to store when a change sends `sent` for a secret stored as `before`. The form
 * leaves a secret blank unless the operator types a new one, so omitted, "" and the mask it was
 * shown keep the stored value; null clears it; other text replaces it.
 */
export function sealChange(
  secrets: SecretBox,
  before: string | null,
  sent: string | null | undefined,
): { sealed: string | null; changed: boolean } {
  if (sent === null) return { sealed: null, changed: before !== null };
  if (sent === undefined || sent === "") return { sealed: before, changed: false };
  const plain = openSecret(secrets, before);
  if (sent === maskSecret(plain) || sent === plain) return { sealed: before, changed: false };
  return { sealed: secrets.seal(sent), changed: true };
}
