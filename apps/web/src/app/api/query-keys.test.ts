import { ALL_ENDPOINTS, API } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { CHANGES } from "./changes";
import { callIdentity, queryKeys } from "./query-keys";

describe("query keys", () => {
  it("are [domain, call, ...params], named by the call's registry id", () => {
    expect(queryKeys.call(API.shops.list, 7, { name: "Bubbles" }, 20, null)).toEqual([
      "shops",
      "list",
      7,
      { name: "Bubbles" },
      20,
      null,
    ]);
    expect(queryKeys.call(API.shops.options, null)).toEqual(["shops", "options", null]);
    expect(queryKeys.call(API.emailConfig.get)).toEqual(["emailConfig", "get"]);
    expect(callIdentity(API.washerCatalogue.removeBrand)).toEqual({ domain: "washerCatalogue", call: "removeBrand" });
  });

  it("of a domain prefix every key of its calls, and of no other domain", () => {
    const [domain] = queryKeys.domain("shops");
    expect(domain).toBe("shops");
    expect(queryKeys.call(API.shops.options, 1)[0]).toBe(domain);
    expect(queryKeys.call(API.locations.list, 1)[0]).not.toBe(domain);
  });

  it("cover every call: each belongs to a domain whose changes are declared", () => {
    for (const contract of ALL_ENDPOINTS) {
      const { domain } = callIdentity(contract);
      expect(CHANGES[domain], contract.path).toBeDefined();
    }
    expect(Object.keys(CHANGES).sort()).toEqual(Object.keys(API).sort());
    for (const { refetch } of Object.values(CHANGES)) {
      for (const dependent of refetch) expect(Object.keys(API)).toContain(dependent);
    }
  });
});
