import { describe, expect, it } from "vitest";
import { loginPassword, loginUsername } from "./fields.js";
import { loginFieldError } from "./login-rules.js";

const SAMPLES = [
  "",
  "   ",
  "abc",
  "abcd",
  " abcd ",
  "vendor_admin",
  "a".repeat(20),
  "a".repeat(21),
  "ab cd",
  "pässwörd",
  "1234",
  "x\ty1",
];

describe("the sign-in page's rules and the server's schemas", () => {
  it.each(SAMPLES)("agree on %j", (value) => {
    const zodKey = (schema: typeof loginUsername) => {
      const result = schema.safeParse(value);
      return result.success ? undefined : result.error.issues[0]?.message;
    };
    expect(loginFieldError("login", value)).toBe(zodKey(loginUsername));
    expect(loginFieldError("password", value)).toBe(zodKey(loginPassword));
  });
});
