import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox } from "../../platform/secrets/secret-box.js";
import { downloadKey, readDownload, signDownload } from "./download-token.js";

const key = downloadKey(createSecretBox(Buffer.alloc(32, 7)));
const claim = { packageId: 12, serial: "WB-KL-0001", expiresAt: 2_000_000_000 };
const now = 1_900_000_000;

describe("firmware download tokens", () => {
  it("carry their claim back, and fit in a URL path as they are", () => {
    const token = signDownload(key, claim);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(readDownload(key, token, now)).toEqual(claim);
  });

  it("are refused once past their time", () => {
    const token = signDownload(key, claim);
    expect(readDownload(key, token, claim.expiresAt)).toBeNull();
    expect(readDownload(key, token, claim.expiresAt - 1)).toEqual(claim);
  });

  it("are refused when anything in them changed: another machine, package or time, or the signature", () => {
    const token = signDownload(key, claim);
    const [, signature] = token.split(".");
    for (const other of [
      { ...claim, serial: "WB-KL-0002" },
      { ...claim, packageId: 13 },
      { ...claim, expiresAt: claim.expiresAt + 3600 },
    ]) {
      const [payload] = signDownload(key, other).split(".");
      expect(readDownload(key, `${payload}.${signature}`, now)).toBeNull();
    }
    const flipped = `${token.slice(0, -2)}${token.endsWith("AA") ? "AB" : "AA"}`;
    expect(readDownload(key, flipped, now)).toBeNull();
  });

  it("made with another install's key are not ours", () => {
    const theirs = downloadKey(createSecretBox(Buffer.alloc(32, 8)));
    expect(readDownload(key, signDownload(theirs, claim), now)).toBeNull();
  });

  it("answer null, never throw, for what is not a token", () => {
    for (const junk of ["", ".", "a.b", "a.b.c", "%%%.%%%", `${Buffer.from("[1,2]").toString("base64url")}.x`]) {
      expect(readDownload(key, junk, now)).toBeNull();
    }
    // Signed with our key, but not the three fields a claim has.
    for (const fields of [{ packageId: 1 }, [1, "WB-1"], [1.5, "WB-1", claim.expiresAt], [1, 2, claim.expiresAt]]) {
      const payload = Buffer.from(JSON.stringify(fields)).toString("base64url");
      const signature = createHmac("sha256", key).update(payload).digest("base64url");
      expect(readDownload(key, `${payload}.${signature}`, now)).toBeNull();
    }
  });
});
