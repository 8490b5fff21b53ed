import { describe, expect, it } from "vitest";
import { LIVE_TOPICS } from "../api/live.js";
import { ORDER_SCREENS } from "../api/orders.js";
import { ALL_ENDPOINTS, API, endpointId } from "../api/registry.js";
import { FORM_REPORTS } from "../reports/form-reports.js";
import { isPermissionLeaf, leavesOf, leavesRequired, PERMISSION_TREE } from "./permissions.js";

const GROUP_KEYS: readonly string[] = PERMISSION_TREE.map((g) => g.key);
const sessionCalls = ALL_ENDPOINTS.filter((c) => c.access.kind === "session");

/** Issue 23: a call that names a group key let a sub-account in on any one leaf of the group. */
describe("every call, live topic and report names the leaf key it needs", () => {
  it.each(sessionCalls.map((c) => [endpointId(c), c] as const))("%s", (_id, contract) => {
    if (contract.access.kind !== "session" || contract.access.permission === undefined) return;
    const leaves = leavesRequired(contract.access.permission);
    expect(leaves.length).toBeGreaterThan(0);
    for (const leaf of leaves) {
      expect(GROUP_KEYS, leaf).not.toContain(leaf);
      expect(isPermissionLeaf(leaf), leaf).toBe(true);
    }
  });

  it("`oneOf` only for the calls that find an order whatever its screen and the promotions', naming each screen's or kind's leaf", () => {
    const oneOf = sessionCalls.filter((c) => c.access.kind === "session" && typeof c.access.permission === "object");
    const promotionCalls = Object.values(API.promotions).filter(
      (c) => c.access.kind === "session" && typeof c.access.permission === "object",
    );
    expect(oneOf.map(endpointId).sort()).toEqual(
      ["orders.byPayUniqueNo", "orders.refunds", ...promotionCalls.map(endpointId)].sort(),
    );
    for (const c of oneOf) {
      if (c.access.kind !== "session" || c.access.permission === undefined) continue;
      const expected = endpointId(c).startsWith("promotions.")
        ? leavesOf("v_promotion")
        : ORDER_SCREENS.map((s) => s.permission);
      expect([...leavesRequired(c.access.permission)].sort()).toEqual([...expected].sort());
    }
  });

  it("the sandbox orders' list, export and refund need the sandbox's own leaf", () => {
    const byId = new Map(ALL_ENDPOINTS.map((c) => [endpointId(c), c]));
    for (const id of ["orders.list_sandbox", "orders.export_sandbox", "orders.refundSandbox"]) {
      const access = byId.get(id)?.access;
      expect(access?.kind === "session" ? access.permission : undefined, id).toBe("order_sandbox");
    }
    expect(leavesOf("v_order")).toContain("order_sandbox");
  });

  it("each order screen has a leaf of its own", () => {
    const keys = ORDER_SCREENS.map((s) => s.permission);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(leavesOf("v_order"), key).toContain(key);
  });

  it("live topics and form reports", () => {
    for (const [topic, { permission }] of Object.entries(LIVE_TOPICS)) {
      expect(isPermissionLeaf(permission), topic).toBe(true);
    }
    for (const [report, { permission }] of Object.entries(FORM_REPORTS)) {
      expect(leavesOf("v_form"), report).toContain(permission);
    }
  });
});
