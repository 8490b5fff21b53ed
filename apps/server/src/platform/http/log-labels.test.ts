import { ALL_ENDPOINTS, API } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { assertLogLabel } from "./routes.js";

describe("operation-log labels", () => {
  it("every call of the registry that changes data has one, so the server starts", () => {
    for (const contract of ALL_ENDPOINTS) expect(() => assertLogLabel(contract), contract.path).not.toThrow();
  });

  it("a call that changes data without one stops the start, naming the missing label", () => {
    expect(() => assertLogLabel(API.pay.cancel, () => false)).toThrow(/actions\.pay\.cancel/);
    // A read call is not in the log: it needs none.
    expect(() => assertLogLabel(API.pay.status, () => false)).not.toThrow();
  });
});
