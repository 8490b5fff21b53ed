import { describe, expect, it } from "vitest";
import { ALL_PERMISSION_LEAVES, APP_ROLES, effectivePermissions, LOCKED_PERMISSION_KEYS } from "./permissions.js";
import { ROLE_PRESETS } from "./role-presets.js";

const SUB_ACT = ["role_query", "role_add", "role_modify", "role_remove", "sub_act_query", "sub_act_add"];
const REVENUE = ["reve_total", "reve_shop", "reve_other", "reve_device", "reve_usage"];
const preset = (id: string) => {
  const p = ROLE_PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
};
/** What a preset gives beyond the locked keys. */
const extra = (id: string) =>
  effectivePermissions(preset(id).permissions).filter((k) => !LOCKED_PERMISSION_KEYS.has(k));

describe("ROLE_PRESETS (spec §6 named roles)", () => {
  it("are the four starting roles, each with real leaf keys and an app role, no key twice", () => {
    expect(ROLE_PRESETS.map((p) => p.id)).toEqual(["sub_admin", "financial", "operator", "investor"]);
    for (const p of ROLE_PRESETS) {
      for (const key of p.permissions) expect(ALL_PERMISSION_LEAVES, `${p.id}: ${key}`).toContain(key);
      expect(new Set(p.permissions).size, p.id).toBe(p.permissions.length);
      for (const role of p.appRoles) expect(APP_ROLES).toContain(role);
      expect(p.nameKey).toBe(`roles.presets.${p.id}`);
    }
  });

  it("sub-admin: every key except sub-account management", () => {
    const keys = preset("sub_admin").permissions;
    for (const key of SUB_ACT) expect(keys, key).not.toContain(key);
    const expected = ALL_PERMISSION_LEAVES.filter((k) => !k.startsWith("role_") && !k.startsWith("sub_act_"));
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  it("financial staff: vendor info and revenue only", () => {
    expect(preset("financial").permissions).toEqual(["vendor_info", ...REVENUE]);
    expect(extra("financial").sort()).toEqual([...REVENUE].sort());
  });

  it("operator: view, create and edit shops and wild devices, never remove, no money", () => {
    const keys = preset("operator").permissions;
    for (const key of ["shop_query", "shop_add", "shop_modify", "dev_query", "dev_control", "wd_query"]) {
      expect(keys, key).toContain(key);
    }
    for (const key of keys) expect(key.endsWith("_remove"), key).toBe(false);
    for (const key of REVENUE) expect(keys).not.toContain(key);
  });

  it("investor: finance plus some operator functions", () => {
    const keys = preset("investor").permissions;
    for (const key of REVENUE) expect(keys).toContain(key);
    expect(keys).toContain("dev_control");
    expect(keys).not.toContain("shop_add");
    expect(extra("investor").length).toBeGreaterThan(extra("financial").length);
  });
});
