import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

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
