import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * Secrets at rest (payment-provider credentials, MQTT and SMTP passwords): AES-256-GCM with a key
 * from SECRET_KEY (32 bytes, base64) or, failing that, a key generated once into DATA_DIR/secret.key.
 * Stored form: "v1:<iv>:<tag>:<ciphertext>", all base64url.
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A key of its own for one purpose (signing download addresses), derived so it is never the key itself. */
  deriveKey(purpose: string): Buffer;
}

const VERSION = "v1";

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The secret key must be 32 bytes");
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(":");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(":");
      if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("Not a sealed secret");
      const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
      decipher.setAuthTag(Buffer.from(tag, "base64url"));
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
    },
    deriveKey(purpose) {
      return createHmac("sha256", key).update(purpose).digest();
    },
  };
}

/** Where the key is kept when SECRET_KEY does not give it (backups carry this file). */
export function secretKeyFile(dataDir: string): string {
  return path.join(dataDir, "secret.key");
}

/** The key from SECRET_KEY, or from DATA_DIR/secret.key (created on first use, readable by the owner only). */
export function loadSecretKey(secretKey: string | undefined, dataDir: string): Buffer {
  if (secretKey) return Buffer.from(secretKey, "base64");
  const file = secretKeyFile(dataDir);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return Buffer.from(fs.readFileSync(file, "utf8").trim(), "base64");
}

/** What answers show instead of a secret: enough to recognise it, never enough to use it. */
export function maskSecret(plain: string): string {
  if (plain === "") return "";
  if (plain.length <= 4) return "••••";
  return `${"•".repeat(Math.min(8, plain.length - 4))}${plain.slice(-4)}`;
}

/** A stored secret in plain text, or "" when none is stored or it cannot be opened (a replaced key). */
export function openSecret(secrets: SecretBox, sealed: string | null | undefined): string {
  if (!sealed) return "";
  try {
    return secrets.open(sealed);
  } catch {
    return "";
  }
}
