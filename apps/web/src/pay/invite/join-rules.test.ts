import { describe, expect, it } from "vitest";
import { joinErrors } from "./join-rules";

const filled = { phone: "+60 12 345 6789", pin: "2580", name: "" };

describe("the invitation form's rules (the member app's own)", () => {
  it("lets a phone and a PIN of 4 to 6 digits through; the name may stay empty", () => {
    expect(joinErrors("signIn", filled)).toEqual({});
    expect(joinErrors("register", { ...filled, pin: "258025" })).toEqual({});
  });

  it("names each broken rule by the shared message key", () => {
    expect(joinErrors("signIn", { phone: "", pin: "", name: "" })).toEqual({
      phone: "validation.required",
      pin: "validation.memberPin",
    });
    expect(joinErrors("signIn", { ...filled, phone: "call me" })).toEqual({ phone: "validation.phone" });
    for (const pin of ["123", "1234567", "12a4"]) {
      expect(joinErrors("signIn", { ...filled, pin }), pin).toEqual({ pin: "validation.memberPin" });
    }
  });

  it("checks the name only when registering", () => {
    const long = { ...filled, name: "x".repeat(65) };
    expect(joinErrors("register", long)).toEqual({ name: "validation.tooLong" });
    expect(joinErrors("signIn", long)).toEqual({});
  });
});
