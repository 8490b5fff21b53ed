import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { CLAIM_CODE_ALPHABET, CLAIM_CODE_LENGTH } from "@washboard/shared";

/** A device's broker password: 256 random bits, shown once when issued. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a secret: its SHA-256 (a random secret needs no slow hash). */
export function hashDeviceSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}

/** Compares in constant time, so an answer's timing tells nothing of the stored hash. */
export function secretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashDeviceSecret(secret), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function sameText(a: string, b: string): boolean {
  const left = createHash("sha256").update(a).digest();
  const right = createHash("sha256").update(b).digest();
  return timingSafeEqual(left, right);
}

/** The Bluetooth frame key (device-protocol bluetooth.ts): the SHA-256 of the secret, which is what is stored. */
export function bluetoothKeyOfHash(storedHash: string): Uint8Array {
  return new Uint8Array(Buffer.from(storedHash, "hex"));
}

/** A new claim code (shared claim-code.ts), each character drawn without bias. */
export function newClaimCode(): string {
  return Array.from(
    { length: CLAIM_CODE_LENGTH },
    () => CLAIM_CODE_ALPHABET[randomInt(CLAIM_CODE_ALPHABET.length)],
  ).join("");
}

/** What is stored of a claim code (normalized, as the claim call's schema leaves it): its SHA-256. */
export function hashClaimCode(code: string): string {
  return createHash("sha256").update(code).digest("hex");
}
