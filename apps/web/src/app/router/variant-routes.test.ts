import { ROUTES, VARIANTS, type VendorRoutesMap } from "@washboard/shared";
import { afterEach, describe, expect, it } from "vitest";
import { testSessionUser } from "../../test/session-user";
import { hasScreen, screenFor } from "../console-features";
import { visibleRoutes } from "../layout/menu-model";
import type { SessionUser } from "../session/store";
import { routeRegistry } from "./route-registry";
import { applyRoutesMap, variantRoutes } from "./variant-routes";

/** The car-wash map as Custom/get_vendor_routes_map answers it. */
const CAR_WASH: VendorRoutesMap = {
  vendor_id: 9,
  variant: "car_wash",
  routes: VARIANTS.car_wash.routes.map((r) => ({
    path: r.path,
    title_key: r.titleKey,
    ...(r.group && { group: r.group }),
    ...(r.levels && { levels: [...r.levels] }),
    ...(r.permission && { permission: r.permission }),
    ...(r.screenOf && { screen_of: r.screenOf }),
  })),
};

const user = (level: 3 | 4, permissions: string[]) => testSessionUser(level, permissions, { vendorId: 9 });

afterEach(() => routeRegistry.reset());

describe("a vendor variant's route map in the route registry", () => {
  it("renames a route of the table and keeps the rest of it", () => {
    const devices = variantRoutes(CAR_WASH).find((r) => r.path === "/shop/devices");
    const base = ROUTES.find((r) => r.path === "/shop/devices");
    expect(devices).toEqual({ ...base, titleKey: "routes.car_wash_devices" });
  });

  it("adds a route that opens another path's screen, shown in the menu under its own key", () => {
    expect(hasScreen("/shop/bay_events")).toBe(false);
    applyRoutesMap(CAR_WASH);
    expect(routeRegistry.find("/shop/devices")?.titleKey).toBe("routes.car_wash_devices");
    expect(hasScreen("/shop/bay_events")).toBe(true);
    expect(screenFor("/shop/bay_events")).toBe(screenFor("/log/log_dev"));
    const shown = (u: SessionUser) => visibleRoutes(routeRegistry.all(), u, hasScreen).map((r) => r.path);
    expect(shown(user(3, []))).toContain("/shop/bay_events");
    expect(shown(user(4, ["log_dev"]))).toContain("/shop/bay_events");
    expect(shown(user(4, ["dev_query"]))).not.toContain("/shop/bay_events");
  });

  it("leaves out an entry naming a permission the console does not know, and sign-out's reset forgets the map", () => {
    const routes = variantRoutes({
      ...CAR_WASH,
      routes: [
        { path: "/shop/extra", title_key: "routes.devices", permission: "everything", screen_of: "/shop/devices" },
      ],
    });
    expect(routes).toEqual([]);
    applyRoutesMap(CAR_WASH);
    routeRegistry.reset();
    expect(routeRegistry.find("/shop/devices")?.titleKey).toBe("routes.devices");
    expect(routeRegistry.find("/shop/bay_events")).toBeUndefined();
  });
});
