import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

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

/** A claim code printed on an unclaimed machine: 10 characters of an unambiguous alphabet (about 50 bits). */
const CLAIM_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CLAIM_CODE_LENGTH = 10;
export function newClaimCode(): string {
  return Array.from({ length: CLAIM_CODE_LENGTH }, () => CLAIM_ALPHABET[randomInt(CLAIM_ALPHABET.length)]).join("");
}

/** What is stored of a claim code: the SHA-256 of it, upper-cased and without spaces or dashes. */
export function hashClaimCode(code: string): string {
  return createHash("sha256").update(code.toUpperCase().replace(/[\s-]/g, "")).digest("hex");
}
