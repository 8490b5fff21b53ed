import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, maskSecret } from "./secret-box.js";

describe("secret box", () => {
  const box = createSecretBox(randomBytes(32));

  it("opens what it sealed, and never stores the plain text", () => {
    const sealed = box.seal("sk_live_51H8abcdef");
    expect(sealed).not.toContain("sk_live");
    expect(box.open(sealed)).toBe("sk_live_51H8abcdef");
    expect(box.seal("same")).not.toBe(box.seal("same"));
  });

  it("refuses a tampered secret and another key's secret", () => {
    const sealed = box.seal("secret");
    const tampered = `${sealed.slice(0, -2)}AA`;
    expect(() => box.open(tampered)).toThrow();
    expect(() => createSecretBox(randomBytes(32)).open(sealed)).toThrow();
  });

  it("masks all but the last four characters", () => {
    expect(maskSecret("sk_live_51H8abcdef")).toBe("••••••••cdef");
    expect(maskSecret("abc")).toBe("••••");
    expect(maskSecret("")).toBe("");
  });
});
