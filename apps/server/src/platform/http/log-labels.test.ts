import { ALL_ENDPOINTS, API, endpoint, endpointId } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { logLabelOf } from "./routes.js";

describe("operation-log labels", () => {
  it("every call of the registry that changes data declares one with a text, so the server starts", () => {
    for (const contract of ALL_ENDPOINTS.filter((c) => c.mutates)) {
      expect(logLabelOf(contract), endpointId(contract)).toBe(contract.log);
    }
  });

  it("a call that changes data stops the start when its label has no text, naming the label", () => {
    expect(() => logLabelOf(API.pay.cancel, () => false)).toThrow(/actions\.pay\.cancel/);
    // A read call is not in the log: it needs none.
    expect(logLabelOf(API.pay.status, () => false)).toBeUndefined();
  });

  it("a call that changes data and declares none stops the start", () => {
    // `endpoint` does not compile such a contract; one built by hand reaches the start.
    const unlabelled = endpoint({
      method: "POST",
      path: "/api/Test/unlabelled",
      summary: "Changes data with no label",
      access: { kind: "public" },
      body: z.object({}),
      result: z.object({}),
      mutates: false,
    });
    expect(() => logLabelOf({ ...unlabelled, mutates: true })).toThrow(
      /\/api\/Test\/unlabelled .*no operation-log label/,
    );
  });
});
