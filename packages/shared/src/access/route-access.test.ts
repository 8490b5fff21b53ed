import { describe, expect, it } from "vitest";
import { ORDER_PROVIDERS, ORDER_SCREEN_PROVIDERS, type ProviderFlags, providerFlags } from "../payments/providers.js";
import type { ConsoleLevel } from "./levels.js";
import {
  ALL_PERMISSION_LEAVES,
  effectivePermissions,
  isPermissionLeaf,
  leavesOf,
  leavesRequired,
  PERMISSION_TREE,
} from "./permissions.js";
import { type AccessSubject, canAccessRoute, isRouteVisible } from "./route-access.js";
import { findRoute, NO_PERMISSION_ROUTE, ROUTES, type RouteMeta } from "./routes.js";

function route(path: string): RouteMeta {
  const found = findRoute(path);
  if (!found) throw new Error(`route ${path} is missing from ROUTES`);
  return found;
}

/** After login the level is the only role (spec §4). */
function subject(level: number, permissions: readonly string[] = []): AccessSubject {
  return { level, roles: [String(level)], permissions };
}

const ADMIN: AccessSubject = { level: 3, roles: ["admin"], permissions: [] };
const ALL_FLAGS: ProviderFlags = providerFlags([...ORDER_PROVIDERS.map((p) => p.id), "sandbox"]);
const NO_FLAGS: ProviderFlags = providerFlags([]);
const CONSOLE_LEVELS: readonly ConsoleLevel[] = [3, 4, 6, 7];

/** Spec §2 route table: paths that only group levels (6, 7) may open. */
const GROUP_ONLY = [
  "/group/index",
  "/brands/brands",
  "/brands/ecards",
  "/groups/vendors",
  "/groups/vendor_account",
  "/subacct/subacct",
];
/** Spec §2: levels 3, 4, 6, 7. */
const ALL_LEVELS = [
  "/dashboard",
  "/income_report/income_total",
  "/income_report/income_shop",
  "/income_report/income_other",
  "/income_report/expend",
];
/** Spec §2: vendor levels only. */
const VENDOR_ONLY = ["/vendors/index", "/income_report/income_device"];

/** Spec §2 provider order pages, with the §2 menu flag of each. */
const SPEC_PROVIDER_ROUTES: Record<string, string> = {
  "/order/fomo": "has_fomo",
  "/order/razer": "has_razer",
  "/order/paypal": "has_paypal",
  "/order/rmpay": "has_rmpay",
  "/order/linepay": "has_linepay",
  "/order/iyzipay": "has_iyzipay",
  "/order/gbprimepay": "has_gbprimepay",
  "/order/gkash": "has_gkash",
  "/order/wechat_pay": "has_wechatpay",
  "/order/alipay": "has_alipay",
  "/order/Qris": "has_qris",
  "/order/xendit": "has_xendit",
  "/order/abapay": "has_abapay",
  "/order/pocket": "has_pocket",
  "/order/stripe": "has_stripe",
};

describe("ROUTES table (spec §2)", () => {
  it("has unique paths", () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("only names leaf keys, never a group key", () => {
    for (const r of ROUTES) {
      if (!r.permission) continue;
      expect(leavesRequired(r.permission).length, r.path).toBeGreaterThan(0);
      for (const leaf of leavesRequired(r.permission)) expect(isPermissionLeaf(leaf), `${r.path}: ${leaf}`).toBe(true);
    }
  });

  it("names `oneOf` leaves only for the promotions page, whose sections are one kind each", () => {
    const sectioned = ROUTES.filter((r) => r.permission !== undefined && typeof r.permission !== "string");
    expect(sectioned.map((r) => r.path)).toEqual(["/promotion/promotion"]);
  });

  it("gives the §2 levels to the routes the table names", () => {
    for (const p of GROUP_ONLY) expect(route(p).levels, p).toEqual([6, 7]);
    for (const p of ALL_LEVELS) expect(route(p).levels, p).toEqual([3, 4, 6, 7]);
    for (const p of VENDOR_ONLY) expect(route(p).levels, p).toEqual([3, 4]);
    // §2 names the single-leaf groups v_console and v_vendor: their leaves.
    expect(route("/dashboard").permission).toBe("console");
    expect(route("/vendors/index").permission).toBe("vendor_info");
    expect(route("/vendors/index").hidden).toBe(true);
    expect(route("/settings/account").permission).toBe("sett_acct");
    expect(route("/promotion/promotion").permission).toEqual({ oneOf: leavesOf("v_promotion") });
  });

  it("keys the shop pages to their own query keys under v_shop", () => {
    const shop = PERMISSION_TREE.find((g) => g.key === "v_shop");
    for (const [path, key] of [
      ["/shop/alliance", "allia_query"],
      ["/shop/location", "loc_query"],
      ["/shop/shops", "shop_query"],
      ["/shop/payqr", "payqr_query"],
      ["/shop/devices", "dev_query"],
    ] as const) {
      expect(route(path).permission, path).toBe(key);
      expect(shop?.leaves).toContain(key);
    }
  });

  it("has one order page per provider, with the §2 flag, and our sandbox's page behind its own flag", () => {
    const providerRoutes = ROUTES.filter((r) => r.providerFlag !== undefined);
    expect(Object.fromEntries(providerRoutes.map((r) => [r.path, r.providerFlag]))).toEqual({
      ...SPEC_PROVIDER_ROUTES,
      "/order/sandbox": "has_sandbox",
    });
    expect(ORDER_PROVIDERS).toHaveLength(15);
  });

  it("marks login, the public tools and 404 as no-login pages", () => {
    const noLogin = ROUTES.filter((r) => r.noLogin).map((r) => r.path);
    expect(noLogin.sort()).toEqual([
      "/404",
      "/login",
      "/open/tools/apidoc",
      "/open/tools/bluetooth",
      "/open/tools/index",
    ]);
  });
});

describe("canAccessRoute: level 3 (by level only)", () => {
  const vendorAdmin = subject(3);

  it("opens vendor routes without any permission list", () => {
    for (const p of [
      "/dashboard",
      "/vendors/index",
      "/shop/shops",
      "/shop/devices",
      "/order/stripe",
      "/income_report/income_device",
      "/settings/account",
      "/account/role",
      "/subscribe/subscribe",
    ]) {
      expect(canAccessRoute(route(p), vendorAdmin), p).toBe(true);
    }
  });

  it("refuses group-only routes", () => {
    for (const p of GROUP_ONLY) expect(canAccessRoute(route(p), vendorAdmin), p).toBe(false);
  });

  it("opens exactly the routes that list level 3 (or need no login)", () => {
    for (const r of ROUTES) {
      const expected = r.noLogin === true || (r.levels ?? []).includes(3);
      expect(canAccessRoute(r, vendorAdmin), r.path).toBe(expected);
    }
  });
});

describe("canAccessRoute: level 4 (permission list)", () => {
  it("needs shop_query for /shop/shops", () => {
    expect(canAccessRoute(route("/shop/shops"), subject(4, []))).toBe(false);
    expect(canAccessRoute(route("/shop/shops"), subject(4, ["shop_add", "loc_query"]))).toBe(false);
    expect(canAccessRoute(route("/shop/shops"), subject(4, ["shop_query"]))).toBe(true);
  });

  it("needs sett_acct for /settings/account (account settings: level 4 only with v_setting)", () => {
    expect(canAccessRoute(route("/settings/account"), subject(4, []))).toBe(false);
    expect(canAccessRoute(route("/settings/account"), subject(4, effectivePermissions([])))).toBe(false);
    expect(canAccessRoute(route("/settings/account"), subject(4, ["sett_acct"]))).toBe(true);
    expect(canAccessRoute(route("/settings/account"), subject(3))).toBe(true);
  });

  it("opens the promotions page with any one kind's key (it then shows that kind only)", () => {
    expect(canAccessRoute(route("/promotion/promotion"), subject(4, ["op_bonus"]))).toBe(true);
    expect(canAccessRoute(route("/promotion/promotion"), subject(4, ["reve_total"]))).toBe(false);
    expect(canAccessRoute(route("/promotion/promotion"), subject(4, ["v_promotion"]))).toBe(false);
    expect(canAccessRoute(route("/dashboard"), subject(4, ["console"]))).toBe(true);
    expect(canAccessRoute(route("/dashboard"), subject(4, ["v_console"]))).toBe(false);
    expect(canAccessRoute(route("/dashboard"), subject(4, []))).toBe(false);
  });

  it("opens each order page with its own leaf only, the sandbox's included", () => {
    const orderLeaves = leavesOf("v_order");
    const freeStartOnly = subject(4, effectivePermissions(["order_freestart"]));
    const allButSandbox = subject(4, effectivePermissions(orderLeaves.filter((k) => k !== "order_sandbox")));
    expect(canAccessRoute(route("/order/freestart"), freeStartOnly)).toBe(true);
    expect(canAccessRoute(route("/order/sandbox"), freeStartOnly)).toBe(false);
    expect(isRouteVisible(route("/order/sandbox"), freeStartOnly, ALL_FLAGS)).toBe(false);
    expect(canAccessRoute(route("/order/sandbox"), allButSandbox)).toBe(false);
    expect(isRouteVisible(route("/order/sandbox"), allButSandbox, ALL_FLAGS)).toBe(false);
    expect(isRouteVisible(route("/order/sandbox"), subject(4, ["order_sandbox"]), ALL_FLAGS)).toBe(true);
    for (const r of ROUTES.filter((x) => x.group === "order")) {
      const own = r.permission as string;
      expect(orderLeaves, r.path).toContain(own);
      expect(
        canAccessRoute(
          r,
          subject(
            4,
            orderLeaves.filter((k) => k !== own),
          ),
        ),
        r.path,
      ).toBe(false);
    }
  });

  it("with only the locked keys, opens query pages but not payment or revenue pages", () => {
    const locked = subject(4, effectivePermissions([]));
    for (const p of [
      "/dashboard",
      "/vendors/index",
      "/shop/shops",
      "/shop/location",
      "/shop/alliance",
      "/shop/payqr",
      "/shop/devices",
      "/user_account/user_account",
      "/ota/index",
      "/account/role",
      "/account/sub_manager",
      "/log/log_opts",
      "/log/log_dev",
    ]) {
      expect(canAccessRoute(route(p), locked), p).toBe(true);
    }
    for (const p of [
      "/order/stripe",
      "/order/freestart",
      "/income_report/income_total",
      "/promotion/promotion",
      "/form/form_card",
      "/datacenter/dc_statistic",
      "/settings/account",
    ]) {
      expect(canAccessRoute(route(p), locked), p).toBe(false);
    }
  });

  it.each(
    ROUTES.filter((r) => r.permission !== undefined && (r.levels ?? []).includes(4)).map((r) => [r.path, r] as const),
  )("%s opens only with its permission", (_path, r) => {
    const needed: readonly string[] = r.permission ? leavesRequired(r.permission) : [];
    expect(canAccessRoute(r, subject(4, ALL_PERMISSION_LEAVES))).toBe(true);
    expect(
      canAccessRoute(
        r,
        subject(
          4,
          ALL_PERMISSION_LEAVES.filter((k) => !needed.includes(k)),
        ),
      ),
    ).toBe(false);
    for (const leaf of needed) expect(canAccessRoute(r, subject(4, [leaf])), leaf).toBe(true);
  });

  it("never opens group-only routes, even with every permission", () => {
    for (const p of GROUP_ONLY) expect(canAccessRoute(route(p), subject(4, ALL_PERMISSION_LEAVES)), p).toBe(false);
  });

  it("opens routes without a permission key by level", () => {
    expect(canAccessRoute(route(NO_PERMISSION_ROUTE), subject(4, [])), NO_PERMISSION_ROUTE).toBe(true);
  });

  it("opens the subscription screens to a sub-account holding vendor_info only", () => {
    for (const p of ["/subscribe/subscribe", "/subscribe/orders"]) {
      expect(canAccessRoute(route(p), subject(4, [])), p).toBe(false);
      expect(canAccessRoute(route(p), subject(4, ["vendor_info"])), p).toBe(true);
    }
  });
});

describe.each([6, 7] as const)("canAccessRoute: level %i (only routes listing the level)", (level) => {
  it("opens /group/index and /dashboard, refuses /shop/shops and /income_report/income_device", () => {
    expect(canAccessRoute(route("/group/index"), subject(level))).toBe(true);
    expect(canAccessRoute(route("/dashboard"), subject(level))).toBe(true);
    expect(canAccessRoute(route("/shop/shops"), subject(level))).toBe(false);
    expect(canAccessRoute(route("/income_report/income_device"), subject(level))).toBe(false);
  });

  it("ignores the permission list either way", () => {
    expect(canAccessRoute(route("/shop/shops"), subject(level, ALL_PERMISSION_LEAVES))).toBe(false);
    expect(canAccessRoute(route("/income_report/income_total"), subject(level, []))).toBe(true);
    expect(canAccessRoute(route("/settings/account"), subject(level, []))).toBe(true);
  });

  it("opens exactly the routes that list the level (or need no login)", () => {
    for (const r of ROUTES) {
      const expected = r.noLogin === true || (r.levels ?? []).includes(level);
      expect(canAccessRoute(r, subject(level, ALL_PERMISSION_LEAVES)), r.path).toBe(expected);
    }
  });

  it("opens a route without a level list only when it needs no login", () => {
    const unlisted: RouteMeta = { path: "/x/unlisted", titleKey: "routes.not_found" };
    expect(canAccessRoute(unlisted, subject(level))).toBe(false);
    expect(canAccessRoute(unlisted, subject(3))).toBe(true);
  });
});

describe("canAccessRoute: roles", () => {
  it("lets the admin role see every route, whatever its level, permissions or role list", () => {
    for (const r of ROUTES) {
      expect(canAccessRoute(r, ADMIN), r.path).toBe(true);
      expect(canAccessRoute(r, { level: 4, roles: ["admin"], permissions: [] }), r.path).toBe(true);
      expect(canAccessRoute({ ...r, roles: ["financial"] }, ADMIN), r.path).toBe(true);
    }
  });

  it("refuses a route with a role list to accounts holding none of its roles", () => {
    const restricted: RouteMeta = { ...route("/shop/shops"), roles: ["financial", "operator"] };
    expect(canAccessRoute(restricted, subject(3))).toBe(false);
    expect(canAccessRoute(restricted, subject(4, ALL_PERMISSION_LEAVES))).toBe(false);
    expect(canAccessRoute(restricted, { level: 3, roles: ["3", "operator"], permissions: [] })).toBe(true);
    expect(canAccessRoute(restricted, { level: 4, roles: ["financial"], permissions: ["shop_query"] })).toBe(true);
  });

  it("still applies the level and permission rules to holders of a listed role", () => {
    const restricted: RouteMeta = { ...route("/shop/shops"), roles: ["financial"] };
    expect(canAccessRoute(restricted, { level: 4, roles: ["financial"], permissions: [] })).toBe(false);
    expect(canAccessRoute(restricted, { level: 6, roles: ["financial"], permissions: [] })).toBe(false);
  });

  it("leaves a route without a role list open to every role", () => {
    const open = route("/shop/shops");
    expect(open.roles).toBeUndefined();
    for (const roles of [["3"], ["financial"], [], ["anything"]]) {
      expect(canAccessRoute(open, { level: 3, roles, permissions: [] }), roles.join()).toBe(true);
    }
  });
});

describe("canAccessRoute: no-login routes and the no-permission page", () => {
  it("opens no-login routes to anyone, even without a console level or role", () => {
    const nobody: AccessSubject = { level: 0, roles: [], permissions: [] };
    for (const r of ROUTES.filter((x) => x.noLogin)) {
      expect(canAccessRoute(r, nobody), r.path).toBe(true);
      expect(canAccessRoute({ ...r, roles: ["financial"] }, nobody), r.path).toBe(true);
    }
    expect(canAccessRoute(route("/dashboard"), nobody)).toBe(false);
  });

  it("refuses accounts whose level may not use the console", () => {
    for (const level of [1, 2, 5]) {
      expect(canAccessRoute(route("/dashboard"), subject(level, ALL_PERMISSION_LEAVES)), String(level)).toBe(false);
      expect(canAccessRoute(route("/shop/shops"), subject(level, ALL_PERMISSION_LEAVES)), String(level)).toBe(false);
    }
  });

  it.each(CONSOLE_LEVELS.map((l) => [l] as const))(
    "lets level %i reach /nopermission/index without any permission",
    (level) => {
      expect(canAccessRoute(route(NO_PERMISSION_ROUTE), subject(level, []))).toBe(true);
    },
  );
});

describe("isRouteVisible (spec §2 menu visibility)", () => {
  const subjects: readonly AccessSubject[] = [
    subject(3),
    subject(4, ALL_PERMISSION_LEAVES),
    subject(6),
    subject(7),
    ADMIN,
  ];

  it("never shows hidden or no-login routes, whoever asks and whatever is enabled", () => {
    const hidden = ROUTES.filter((r) => r.hidden || r.noLogin);
    expect(hidden.map((r) => r.path)).toEqual(
      expect.arrayContaining(["/login", "/vendors/index", "/settings/account", "/nopermission/index", "/404"]),
    );
    for (const r of hidden) {
      for (const s of subjects) expect(isRouteVisible(r, s, ALL_FLAGS), `${r.path} for ${s.roles.join()}`).toBe(false);
    }
  });

  it("shows level 3 every non-hidden route listing level 3 when every provider is enabled", () => {
    const visible = ROUTES.filter((r) => isRouteVisible(r, subject(3), ALL_FLAGS)).map((r) => r.path);
    const expected = ROUTES.filter((r) => !r.hidden && !r.noLogin && (r.levels ?? []).includes(3)).map((r) => r.path);
    expect(visible).toEqual(expected);
    expect(visible).toContain("/order/stripe");
    expect(visible).not.toContain("/group/index");
  });

  it("shows levels 6 and 7 no order page, even with every flag", () => {
    for (const level of [6, 7]) {
      for (const r of ROUTES.filter((x) => x.group === "order")) {
        expect(isRouteVisible(r, subject(level), ALL_FLAGS), `${level} ${r.path}`).toBe(false);
      }
      expect(isRouteVisible(route("/group/index"), subject(level), NO_FLAGS)).toBe(true);
    }
  });

  it("shows non-provider order pages without any flag", () => {
    for (const p of ["/order/freestart", "/order/mem_account", "/order/mem_card"]) {
      expect(isRouteVisible(route(p), subject(3), {}), p).toBe(true);
    }
  });

  it("shows /order/stripe only when has_stripe is true", () => {
    const stripe = route("/order/stripe");
    expect(isRouteVisible(stripe, subject(3), { has_stripe: true })).toBe(true);
    expect(isRouteVisible(stripe, subject(3), { has_stripe: false })).toBe(false);
    expect(isRouteVisible(stripe, subject(3), {})).toBe(false);
  });

  it.each(ORDER_PROVIDERS.map((p) => [p.id, p] as const))(
    "shows the %s order page only when its flag is on",
    (_id, p) => {
      const r = route(p.orders.route);
      expect(r.providerFlag).toBe(p.orders.flag);
      expect(isRouteVisible(r, subject(3), NO_FLAGS)).toBe(false);
      expect(isRouteVisible(r, subject(3), {})).toBe(false);
      expect(isRouteVisible(r, subject(3), { ...ALL_FLAGS, [p.orders.flag]: false })).toBe(false);
      expect(isRouteVisible(r, subject(3), { [p.orders.flag]: true })).toBe(true);
      expect(isRouteVisible(r, subject(3), providerFlags([p.id]))).toBe(true);
      // Other providers' pages stay hidden when only this one is enabled.
      for (const other of ORDER_PROVIDERS.filter((o) => o.id !== p.id)) {
        expect(isRouteVisible(route(other.orders.route), subject(3), providerFlags([p.id])), other.orders.route).toBe(
          false,
        );
      }
      // Level 4 also needs the provider's permission key.
      expect(isRouteVisible(r, subject(4, [p.orders.permission]), { [p.orders.flag]: true })).toBe(true);
      expect(isRouteVisible(r, subject(4, effectivePermissions([])), { [p.orders.flag]: true })).toBe(false);
      // The flag only hides the menu item: the guard itself does not read flags.
      expect(canAccessRoute(r, subject(3))).toBe(true);
    },
  );

  it("hides routes the account cannot open", () => {
    expect(isRouteVisible(route("/shop/shops"), subject(4, []), ALL_FLAGS)).toBe(false);
    expect(isRouteVisible(route("/shop/shops"), subject(4, ["shop_query"]), ALL_FLAGS)).toBe(true);
    expect(isRouteVisible(route("/shop/shops"), subject(6), ALL_FLAGS)).toBe(false);
  });
});

describe("providerFlags", () => {
  it("sets exactly the enabled providers' flags and covers all fifteen and the sandbox", () => {
    const flags = providerFlags(["stripe", "qris"]);
    expect(Object.keys(flags).sort()).toEqual([...Object.values(SPEC_PROVIDER_ROUTES), "has_sandbox"].sort());
    expect(
      Object.entries(flags)
        .filter(([, on]) => on)
        .map(([flag]) => flag)
        .sort(),
    ).toEqual(["has_qris", "has_stripe"]);
  });

  it("maps every provider, the sandbox too, to a v_order leaf of its own", () => {
    const orderLeaves: readonly string[] = PERMISSION_TREE.find((g) => g.key === "v_order")?.leaves ?? [];
    for (const p of ORDER_SCREEN_PROVIDERS) expect(orderLeaves, p.id).toContain(p.orders.permission);
    const keys = ORDER_SCREEN_PROVIDERS.map((p) => p.orders.permission);
    expect(new Set(keys).size).toBe(keys.length);
    expect(ORDER_SCREEN_PROVIDERS.find((p) => p.id === "sandbox")?.orders.permission).toBe("order_sandbox");
  });
});
