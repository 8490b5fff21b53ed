import { describe, expect, it } from "vitest";
import { ALL_PERMISSION_LEAVES, APP_ROLES, effectivePermissions, LOCKED_PERMISSION_KEYS } from "./permissions.js";
import { ROLE_PRESETS } from "./role-presets.js";

const crud = (p: string): string[] => [`${p}_query`, `${p}_add`, `${p}_modify`, `${p}_remove`];
const REVENUE = ["reve_total", "reve_shop", "reve_other", "reve_device", "reve_usage"];
/** Managing roles and sub-accounts: the v_sub_act keys that are not queries. */
const SUB_ACCOUNT_MANAGEMENT = [...crud("role"), ...crud("sub_act")].filter((k) => !k.endsWith("_query"));
/**
 * What every role holds whatever it is given (spec §6, read as in permissions.test.ts), transcribed
 * here on its own: the console, vendor info, every query key, and the two logs.
 */
const ALWAYS = [
  "console",
  "vendor_info",
  ...ALL_PERMISSION_LEAVES.filter((k) => k.endsWith("_query")),
  "log_opts",
  "log_dev",
];
const CHANGES = /_(add|modify|remove)$/;

const preset = (id: string) => {
  const p = ROLE_PRESETS.find((x) => x.id === id);
  if (!p) throw new Error(`no preset ${id}`);
  return p;
};
/** What a holder of the preset's role may really do. */
const effective = (id: string) => effectivePermissions(preset(id).permissions);
const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();

/**
 * Spec §6 named roles: each description, as the set of keys a holder must end up with — exactly.
 */
const DESCRIBED: Record<string, readonly string[]> = {
  // "all except sub-account management"
  sub_admin: ALL_PERMISSION_LEAVES.filter((k) => !SUB_ACCOUNT_MANAGEMENT.includes(k)),
  // "vendor info and revenue only"
  financial: [...ALWAYS, ...REVENUE],
  // "view, create, edit shops and wild devices": shops with their locations, and the devices in them
  // (binding a wild device to a shop is a device control); never remove.
  operator: [...ALWAYS, "loc_add", "loc_modify", "shop_add", "shop_modify", "dev_control"],
  // "finance plus some operator functions": revenue, and running the devices it can see.
  investor: [...ALWAYS, ...REVENUE, "dev_control"],
};

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

  it.each(Object.entries(DESCRIBED))(
    "%s: its holder's effective keys are exactly what its description says",
    (id, keys) => {
      expect(sorted(effective(id))).toEqual(sorted(keys));
    },
  );

  it("locks on nothing that a description leaves out", () => {
    for (const key of LOCKED_PERMISSION_KEYS) expect(ALWAYS, key).toContain(key);
  });

  it("sub-admin: every key except adding, modifying or removing roles and sub-accounts", () => {
    const keys = effective("sub_admin");
    for (const key of SUB_ACCOUNT_MANAGEMENT) expect(keys, key).not.toContain(key);
    for (const key of ["loc_remove", "allia_remove", "shop_remove", "order_sandbox", "sett_acct", "stripe"]) {
      expect(keys, key).toContain(key);
    }
  });

  it("financial staff: vendor info, revenue and the locked views; nothing that adds, modifies, removes or runs", () => {
    const keys = effective("financial");
    for (const key of keys) expect(CHANGES.test(key) || key === "dev_control", key).toBe(false);
    for (const key of [...crud("loc"), ...crud("allia"), ...SUB_ACCOUNT_MANAGEMENT]) {
      if (!key.endsWith("_query")) expect(keys, key).not.toContain(key);
    }
    for (const key of ["vendor_info", ...REVENUE]) expect(keys).toContain(key);
  });

  it("operator: view, create and edit shops and wild devices, never remove, no money, no accounts", () => {
    const keys = effective("operator");
    for (const key of ["shop_query", "shop_add", "shop_modify", "dev_query", "dev_control", "wd_query"]) {
      expect(keys, key).toContain(key);
    }
    for (const key of keys) expect(key.endsWith("_remove"), key).toBe(false);
    for (const key of [...REVENUE, ...SUB_ACCOUNT_MANAGEMENT, "stripe", "order_sandbox"]) {
      expect(keys).not.toContain(key);
    }
  });

  it("investor: finance plus some operator functions, nothing that adds, modifies or removes", () => {
    const keys = effective("investor");
    for (const key of REVENUE) expect(keys).toContain(key);
    expect(keys).toContain("dev_control");
    for (const key of keys) expect(CHANGES.test(key), key).toBe(false);
    expect(keys.length).toBeGreaterThan(effective("financial").length);
  });

  it("no preset but sub-admin removes anything, and none manages roles or sub-accounts", () => {
    for (const p of ROLE_PRESETS) {
      const keys = effective(p.id);
      for (const key of SUB_ACCOUNT_MANAGEMENT) expect(keys, `${p.id}: ${key}`).not.toContain(key);
      if (p.id !== "sub_admin") for (const key of keys) expect(key.endsWith("_remove"), `${p.id}: ${key}`).toBe(false);
    }
  });
});
