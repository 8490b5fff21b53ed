import fs from "node:fs";
import path from "node:path";
import { QueryClient } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { LIVE_TOPICS, ORDER_SCREENS, ROUTES, type RouteMeta, type VendorSummary } from "@washboard/shared";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { FEATURES } from "../features/registry";
import { REPORT_ROUTES } from "../features/reports/report-routes";
import { testSessionUser } from "../test/session-user";
import { hasScreen, SCREENS } from "./console-features";
import type { FeatureDeclaration, LiveContext } from "./feature-contract";
import { accountMenuOf, visibleRoutes } from "./layout/menu-model";
import { applyLiveEvent, liveHandlersOf, loadTopicHandlers } from "./live/topic-handlers";
import { screensOf } from "./router/screens";
import type { SessionUser } from "./session/store";

/** The catalogue's screens part: counted, not loaded. */
const catalogue = vi.hoisted(() => ({ screensPart: vi.fn(async () => undefined) }));
vi.mock("./i18n", async (original) => ({
  ...(await original<typeof import("./i18n")>()),
  loadScreenCatalogue: catalogue.screensPart,
}));

/** The route paths that had a screen in the frame's own table before the features declared them. */
const SCREENS_BEFORE = new Set([
  "/dashboard",
  "/nopermission/index",
  "/404",
  "/open/tools/apidoc",
  "/login",
  "/open/tools/index",
  "/open/tools/bluetooth",
  "/settings/account",
  "/log/log_opts",
  "/log/log_dev",
  "/group/index",
  "/groups/vendors",
  "/groups/vendor_account",
  "/subacct/subacct",
  "/account/role",
  "/account/sub_manager",
  "/vendors/index",
  "/brands/brands",
  "/brands/ecards",
  "/group/email",
  "/shop/alliance",
  "/shop/payqr",
  "/shop/location",
  "/shop/shops",
  "/shop/devices",
  "/ydevice/ydevice",
  "/user_account/user_account",
  "/user_card/user_card",
  "/shop/washer_catalogue",
  "/shop/price_templates",
  "/income_report/income_total",
  "/income_report/income_shop",
  "/income_report/income_other",
  "/income_report/income_device",
  "/income_report/expend",
  "/datacenter/dc_statistic",
  ...REPORT_ROUTES,
  ...ORDER_SCREENS.map((s) => s.route),
]);

/** Screens features added since, each a route of the shared table; the menu shows them beside the others. */
const SCREENS_ADDED = new Set([
  "/ota/index",
  "/subscribe/subscribe",
  "/subscribe/orders",
  "/subscribe/receipt",
  "/app/download",
  "/promotion/promotion",
  "/promotion/coupons",
  "/promotion/invitations",
]);

/** An account of a level whose vendor has every payment provider on (so every order screen shows). */
function user(level: number): SessionUser {
  const flags = Object.fromEntries(ROUTES.flatMap((r) => (r.providerFlag ? [[r.providerFlag, true]] : [])));
  return testSessionUser(level, [], { vendor: level <= 4 ? (flags as unknown as VendorSummary) : null });
}

const paths = (routes: readonly RouteMeta[]) => routes.map((r) => r.path);

/** A declaration, typed. */
const feature = (declaration: FeatureDeclaration) => declaration;

/** Every feature folder's declaration, found by its file name. */
const declarations = import.meta.glob<{ feature: FeatureDeclaration }>("../features/*/feature.ts", { eager: true });

describe("the console's features", () => {
  it("are every folder of features/, each by its feature.ts, listed once", () => {
    const folders = fs
      .readdirSync(path.resolve(import.meta.dirname, "../features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `../features/${entry.name}/feature.ts`);
    expect(Object.keys(declarations).sort()).toEqual(folders.sort());
    expect(FEATURES).toHaveLength(folders.length);
    expect(new Set(FEATURES)).toEqual(new Set(Object.values(declarations).map((module) => module.feature)));
  });

  it("declare each route's screen once", () => {
    const paths = FEATURES.flatMap((f) => Object.keys(f.screens));
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it("declare a screen for every route that had one (no screen lost), each a route of the shared table", () => {
    for (const route of [...SCREENS_BEFORE, ...SCREENS_ADDED]) expect(hasScreen(route), route).toBe(true);
    const known = new Set(paths(ROUTES));
    expect(Object.keys(SCREENS).filter((p) => !known.has(p))).toEqual([]);
  });

  it("give the menu and the guard every route they had, and those added since, for each level", () => {
    for (const level of [3, 6, 7]) {
      const before = visibleRoutes(ROUTES, user(level), (p) => SCREENS_BEFORE.has(p) || SCREENS_ADDED.has(p));
      expect(paths(visibleRoutes(ROUTES, user(level), hasScreen)), `level ${level}`).toEqual(paths(before));
      expect(before.length).toBeGreaterThan(5);
    }
    expect(hasScreen("toString")).toBe(false);
  });

  it("put the vendor profile, the account settings and the app downloads in the account dropdown", () => {
    const entries = accountMenuOf(FEATURES);
    expect(entries.map((e) => e.path)).toEqual(["/vendors/index", "/settings/account", "/app/download"]);
    for (const entry of entries) expect(hasScreen(entry.path), entry.path).toBe(true);
  });

  it("follow every live topic the server publishes", async () => {
    const handlers = await loadTopicHandlers();
    for (const topic of Object.keys(LIVE_TOPICS)) expect(handlers.get(topic)?.length, topic).toBeGreaterThan(0);
  });
});

describe("building the frame from declarations", () => {
  afterEach(cleanup);

  it("calls the live handler a feature declares, with the event's data, and every feature's for a shared topic", async () => {
    const first = vi.fn();
    const second = vi.fn();
    const features = [
      feature({ screens: {}, live: async () => ({ default: { "revenue.changed": first } }) }),
      feature({ screens: {} }),
      feature({ screens: {}, live: async () => ({ default: { "revenue.changed": second } }) }),
    ];
    const handlers = await liveHandlersOf(features);
    const context: LiveContext = { client: new QueryClient(), activeVendorId: 7 };
    applyLiveEvent(handlers, "revenue.changed", JSON.stringify({ n: 1 }), context);
    expect(first).toHaveBeenCalledExactlyOnceWith({ n: 1 }, context);
    expect(second).toHaveBeenCalledExactlyOnceWith({ n: 1 }, context);
    expect(first.mock.invocationCallOrder[0]).toBeLessThan(second.mock.invocationCallOrder[0] ?? 0);
    // A topic nobody follows is ignored.
    applyLiveEvent(handlers, "devices.status", "{}", context);
    expect(first).toHaveBeenCalledTimes(1);
  });

  it("calls the console's devices handler for a device status (the one the devices feature declares)", async () => {
    const declared = await declarations["../features/devices/feature.ts"]?.feature.live?.();
    expect(declared?.default["devices.status"]).toBeDefined();
    const handlers = await loadTopicHandlers();
    expect(handlers.get("devices.status")).toContain(declared?.default["devices.status"]);
  });

  it("lists the account entries in the features' order", () => {
    const features = [
      feature({ screens: {}, accountMenu: [{ path: "/a", labelKey: "a" }] }),
      feature({ screens: {}, accountMenu: [{ path: "/b", labelKey: "b" }] }),
    ];
    expect(accountMenuOf(features).map((e) => e.path)).toEqual(["/a", "/b"]);
  });

  it("renders each declared screen from its own loader, loading the screens part of the catalogue beside those whose words are there", async () => {
    const features = [
      feature({
        screens: {
          "/one": { load: async () => ({ default: () => <p>one</p> }), strings: "frame" },
          // By default, the words are in the screens part.
          "/two": { load: async () => ({ default: () => <p>two</p> }) },
        },
      }),
    ];
    const screens = screensOf(features);
    catalogue.screensPart.mockClear();
    for (const [path, name, parts] of [
      ["/one", "one", 0],
      ["/two", "two", 1],
    ] as const) {
      const Screen = screens[path];
      if (!Screen) throw new Error(path);
      render(
        <Suspense fallback={null}>
          <Screen />
        </Suspense>,
      );
      expect(await screen.findByText(name)).toBeTruthy();
      expect(catalogue.screensPart).toHaveBeenCalledTimes(parts);
    }
  });
});
