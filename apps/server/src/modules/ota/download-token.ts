import { createHmac, timingSafeEqual } from "node:crypto";
import type { SecretBox } from "../../platform/secrets/secret-box.js";

/**
 * What a firmware download address grants: one package's file, to one machine, until a time. The
 * download route serves it only while that machine is also a live target of a rollout of that
 * package (docs/ota-design.md "Downloads"); the token alone proves who the address was made for.
 */
export interface DownloadClaim {
  packageId: number;
  serial: string;
  /** Unix seconds. */
  expiresAt: number;
}

/** The key for download tokens, derived from the install's secret key so it is never the key itself. */
export function downloadKey(secrets: Pick<SecretBox, "deriveKey">): Buffer {
  return secrets.deriveKey("washboard firmware downloads");
}

const mac = (key: Uint8Array, payload: string) => createHmac("sha256", key).update(payload).digest();

/** `<payload>.<signature>`, both base64url: safe in a URL path. */
export function signDownload(key: Uint8Array, claim: DownloadClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.packageId, claim.serial, claim.expiresAt])).toString("base64url");
  return `${payload}.${mac(key, payload).toString("base64url")}`;
}

/** The claim a token carries, or null when it is malformed, not ours, or past its time. */
export function readDownload(key: Uint8Array, token: string, nowSeconds: number): DownloadClaim | null {
  const [payload, signature, extra] = token.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  } catch {
    return null;
  }
  if (!Array.isArray(fields) || fields.length !== 3) return null;
  const [packageId, serial, expiresAt] = fields as unknown[];
  if (!Number.isSafeInteger(packageId) || typeof serial !== "string" || !Number.isSafeInteger(expiresAt)) return null;
  if ((expiresAt as number) <= nowSeconds) return null;
  return { packageId: packageId as number, serial, expiresAt: expiresAt as number };
}
