import {
  canAccessRoute,
  DEFAULT_ROUTE,
  LOGIN_ROUTE,
  NO_PERMISSION_ROUTE,
  NOT_FOUND_ROUTE,
  type RouteMeta,
} from "@washboard/shared";
import type { SessionUser } from "../session/store";

export type GuardDecision = { kind: "render"; route: RouteMeta } | { kind: "redirect"; to: string } | { kind: "boot" };

/**
 * Spec §2 "Route guard", as a pure function of where the user wants to go and who they are:
 * - no session: anywhere but login or a no-login page goes to login with a redirect parameter;
 * - a signed-in user opening login goes to the root (or to the login's redirect parameter);
 * - before the boot calls have answered, the guard waits for them;
 * - level 4 by permission keys, levels 6/7 by the route's level list, level 3 by level;
 * - unknown routes, or routes without a screen, are "not found".
 */
export function decide(
  location: { pathname: string; search: string },
  user: SessionUser | null,
  findRoute: (path: string) => RouteMeta | undefined,
  hasScreen: (path: string) => boolean,
): GuardDecision {
  const path = location.pathname;
  const target = path === "/" || path === "" ? DEFAULT_ROUTE : path;
  const route = findRoute(target);
  if (!user) {
    if (route?.noLogin && hasScreen(target)) return { kind: "render", route };
    if (target === LOGIN_ROUTE) return { kind: "redirect", to: LOGIN_ROUTE };
    return { kind: "redirect", to: `${LOGIN_ROUTE}?redirect=${encodeURIComponent(target)}` };
  }
  // Signed in on the login page: go where the redirect parameter asked, else the root.
  if (target === LOGIN_ROUTE)
    return { kind: "redirect", to: safeRedirect(new URLSearchParams(location.search).get("redirect")) };
  if (target !== path) return { kind: "redirect", to: target };
  if (!route || !hasScreen(target)) {
    const notFound = findRoute(NOT_FOUND_ROUTE);
    return notFound ? { kind: "render", route: notFound } : { kind: "redirect", to: NOT_FOUND_ROUTE };
  }
  if (route.noLogin) return { kind: "render", route };
  if (user.permissions === null) return { kind: "boot" };
  const subject = { level: user.level, roles: user.roles, permissions: user.permissions };
  if (!canAccessRoute(route, subject)) return { kind: "redirect", to: NO_PERMISSION_ROUTE };
  return { kind: "render", route };
}

/** Only same-app paths are honoured as redirect targets. */
export function safeRedirect(raw: string | null): string {
  return raw?.startsWith("/") && !raw.startsWith("//") ? raw : "/";
}
