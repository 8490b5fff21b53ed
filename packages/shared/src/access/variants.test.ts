import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { effectivePermissions, isPermissionLeaf, PERMISSION_TREE } from "./permissions.js";
import { ROUTES } from "./routes.js";
import { hiddenPermissionsOf, VARIANTS, VENDOR_VARIANTS, variantOf } from "./variants.js";

const en = JSON.parse(readFileSync(join(import.meta.dirname, "../i18n/locales/en.json"), "utf8")) as Record<
  string,
  unknown
>;
const titleOf = (key: string): unknown =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe("vendor variants (spec §6)", () => {
  it("a car wash hides exactly the three promotion keys §6 names, a laundry none", () => {
    expect(hiddenPermissionsOf("car_wash")).toEqual(["op_dis_point", "op_point", "op_goodnews"]);
    const promotion = PERMISSION_TREE.find((g) => g.key === "v_promotion");
    expect(promotion && "optional" in promotion ? promotion.optional : []).toEqual(hiddenPermissionsOf("car_wash"));
    expect(hiddenPermissionsOf("laundry")).toEqual([]);
  });

  it("every route a variant maps is titled in the catalogue; a new path opens a screen of the table, under a known key", () => {
    for (const variant of VENDOR_VARIANTS) {
      for (const route of VARIANTS[variant].routes) {
        expect(typeof titleOf(route.titleKey), route.titleKey).toBe("string");
        const known = ROUTES.some((r) => r.path === route.path);
        if (!known) {
          expect(route.screenOf, route.path).toBeDefined();
          expect(
            ROUTES.some((r) => r.path === route.screenOf),
            route.path,
          ).toBe(true);
          expect(route.permission && isPermissionLeaf(route.permission), route.path).toBe(true);
        }
      }
    }
  });

  it("takes an unknown stored variant for the default", () => {
    expect(variantOf("car_wash")).toBe("car_wash");
    expect(variantOf("boat_wash")).toBe("laundry");
    expect(variantOf(null)).toBe("laundry");
  });

  it("a hidden key is never held, even stored in the role; the locked keys stay", () => {
    const held = effectivePermissions(["op_point", "op_timelimit"], hiddenPermissionsOf("car_wash"));
    expect(held).toContain("op_timelimit");
    expect(held).toContain("console");
    expect(held).not.toContain("op_point");
    expect(effectivePermissions(["op_point"])).toContain("op_point");
  });
});
