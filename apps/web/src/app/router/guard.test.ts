import { findRoute, ROUTES, type RouteMeta } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { testSessionUser } from "../../test/session-user";
import { decide, safeRedirect } from "./guard";

const built = new Set([
  "/dashboard",
  "/settings/account",
  "/nopermission/index",
  "/404",
  "/login",
  "/open/tools/apidoc",
  "/group/index",
]);
const hasScreen = (path: string) => built.has(path);
const find = (path: string) => findRoute(path, ROUTES);
const at = (pathname: string, search = "") => ({ pathname, search });

const user = testSessionUser;

describe("route guard (spec §2)", () => {
  it("sends a visitor without a session to login with the wanted path", () => {
    expect(decide(at("/settings/account"), null, find, hasScreen)).toEqual({
      kind: "redirect",
      to: "/login?redirect=%2Fsettings%2Faccount",
    });
    expect(decide(at("/"), null, find, hasScreen)).toEqual({ kind: "redirect", to: "/login?redirect=%2Fdashboard" });
  });

  it("lets a visitor open login and no-login pages", () => {
    expect(decide(at("/login"), null, find, hasScreen)).toMatchObject({ kind: "render", route: { path: "/login" } });
    expect(decide(at("/open/tools/apidoc"), null, find, hasScreen)).toMatchObject({ kind: "render" });
  });

  it("sends a signed-in user on login to the root, or to the redirect parameter", () => {
    expect(decide(at("/login"), user(3), find, hasScreen)).toEqual({ kind: "redirect", to: "/" });
    expect(decide(at("/login", "?redirect=%2Fsettings%2Faccount"), user(3), find, hasScreen)).toEqual({
      kind: "redirect",
      to: "/settings/account",
    });
    expect(decide(at("/login", "?redirect=%2F%2Fevil.example"), user(3), find, hasScreen)).toEqual({
      kind: "redirect",
      to: "/",
    });
  });

  it("redirects the root to the dashboard", () => {
    expect(decide(at("/"), user(3), find, hasScreen)).toEqual({ kind: "redirect", to: "/dashboard" });
  });

  it("waits for the boot calls before judging permissions", () => {
    expect(decide(at("/dashboard"), user(4, null), find, hasScreen)).toEqual({ kind: "boot" });
  });

  it("checks level 4 against its permission keys", () => {
    expect(decide(at("/settings/account"), user(4, ["console"]), find, hasScreen)).toEqual({
      kind: "redirect",
      to: "/nopermission/index",
    });
    expect(decide(at("/settings/account"), user(4, ["console", "sett_acct"]), find, hasScreen)).toMatchObject({
      kind: "render",
    });
  });

  it("allows levels 6 and 7 only on pages listing their level; level 3 by level", () => {
    expect(decide(at("/group/index"), user(6), find, hasScreen)).toMatchObject({ kind: "render" });
    expect(decide(at("/group/index"), user(7), find, hasScreen)).toMatchObject({ kind: "render" });
    expect(decide(at("/group/index"), user(3), find, hasScreen)).toEqual({
      kind: "redirect",
      to: "/nopermission/index",
    });
    expect(decide(at("/nopermission/index"), user(6), find, hasScreen)).toMatchObject({ kind: "render" });
  });

  it("answers not found for unknown routes and for routes without a screen", () => {
    expect(decide(at("/no/such"), user(3), find, hasScreen)).toMatchObject({ kind: "render", route: { path: "/404" } });
    expect(decide(at("/shop/shops"), user(3), find, hasScreen)).toMatchObject({
      kind: "render",
      route: { path: "/404" },
    });
  });

  it("honours routes added at runtime", () => {
    const custom: RouteMeta = { path: "/custom/report", titleKey: "routes.dashboard", levels: [3] };
    const withCustom = (path: string) => (path === custom.path ? custom : find(path));
    const screens = (path: string) => path === custom.path || hasScreen(path);
    expect(decide(at("/custom/report"), user(3), withCustom, screens)).toMatchObject({ kind: "render", route: custom });
    expect(decide(at("/custom/report"), user(6), withCustom, screens)).toEqual({
      kind: "redirect",
      to: "/nopermission/index",
    });
  });

  it("accepts only same-app redirect targets", () => {
    expect(safeRedirect("/dashboard")).toBe("/dashboard");
    expect(safeRedirect("https://evil.example")).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });
});
