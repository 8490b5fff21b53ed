import { generateKeyPair } from "node:crypto";

/** A PEM key pair, as the RSA-signing fakes (WeChat Pay, Alipay) hold for the provider and the merchant. */
export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

/** A fresh RSA-2048 pair, PKCS#8 and SPKI: the key size and forms both providers issue. */
export const rsaKeyPair = (): Promise<KeyPair> =>
  new Promise((resolve, reject) =>
    generateKeyPair(
      "rsa",
      {
        modulusLength: 2048,
        publicKeyEncoding: { type: "spki", format: "pem" },
        privateKeyEncoding: { type: "pkcs8", format: "pem" },
      },
      (error, publicKey, privateKey) => (error ? reject(error) : resolve({ publicKey, privateKey })),
    ),
  );
