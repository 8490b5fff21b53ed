import { createHash, randomBytes } from "node:crypto";

/** 256 random bits; only the SHA-256 digest is stored, so a database leak gives no usable token. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
