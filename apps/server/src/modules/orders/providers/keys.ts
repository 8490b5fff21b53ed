import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { type Credentials, ProviderError } from "./adapter.js";
import { requiredCredential } from "./credentials.js";

/**
 * RSA keys held in credential fields, and RSA-SHA256 with them, for the providers that sign that
 * way (WeChat Pay, Alipay). Vendors paste keys in several forms: a PEM; a PEM whose line breaks
 * came through a one-line field as literal "\n"; or a bare base64 body, as Alipay's key tool hands
 * them out, in PKCS#8 / SPKI or in PKCS#1 form. All of them are read here.
 */

/** PEM text as stored, or a bare base64 body wrapped in the armour named by `label`. */
function pemOf(keyText: string, label: string): string {
  const unescaped = keyText.replace(/\\n/g, "\n").trim();
  if (unescaped.startsWith("-----BEGIN")) return unescaped;
  const body = unescaped.replace(/\s+/g, "");
  return `-----BEGIN ${label}-----\n${(body.match(/.{1,64}/g) ?? []).join("\n")}\n-----END ${label}-----\n`;
}

/** A bare body does not say its form: the PKCS#8 / SPKI armour is tried first, then the PKCS#1 one. */
function readKey<K>(keyText: string, labels: readonly [string, string], read: (pem: string) => K): K {
  try {
    return read(pemOf(keyText, labels[0]));
  } catch {
    return read(pemOf(keyText, labels[1]));
  }
}

/** The vendor's private key in credential `name`; missing or unreadable, it is a configuration error. */
export function privateKeyCredential(provider: string, credentials: Credentials, name: string): KeyObject {
  const keyText = requiredCredential(provider, credentials, name);
  try {
    return readKey(keyText, ["PRIVATE KEY", "RSA PRIVATE KEY"], (pem) => createPrivateKey(pem));
  } catch {
    throw new ProviderError(`${provider} ${name} is not a readable private key`, false);
  }
}

/** The provider's public key in credential `name`, or null when it is missing or unreadable. */
export function publicKeyCredential(credentials: Credentials, name: string): KeyObject | null {
  const keyText = credentials[name]?.trim();
  if (!keyText) return null;
  try {
    return readKey(keyText, ["PUBLIC KEY", "RSA PUBLIC KEY"], (pem) => createPublicKey(pem));
  } catch {
    return null;
  }
}

/** RSA-SHA256 (PKCS#1 v1.5) over the exact bytes, base64: RSA2 at Alipay, WECHATPAY2-SHA256-RSA2048 at WeChat Pay. */
export const rsaSign = (key: KeyObject, message: Buffer): string => sign("sha256", message, key).toString("base64");

/** Checks an rsaSign signature; a malformed one is simply not valid. */
export function rsaSignatureValid(key: KeyObject, message: Buffer, signature: string): boolean {
  try {
    return verify("sha256", message, key, Buffer.from(signature, "base64"));
  } catch {
    return false;
  }
}
