import type { ProviderFlags } from "../payments/providers.js";
import { hasPermission } from "./permissions.js";
import type { RouteMeta } from "./routes.js";

/** What the guard and the menu know about the signed-in account. */
export interface AccessSubject {
  level: number;
  /** Spec §4: after login the level is the only role; "admin" sees all routes. */
  roles: readonly string[];
  /** Level-4 permission keys (leaves; a route's leaf must be among them, a group key never is). */
  permissions: readonly string[];
}

/**
 * Spec §2 "Route guard": may this account open this route?
 * - Admin role sees all; other roles only routes whose role list includes one of theirs.
 * - Level 4: the route's leaf key must be held (a page of sections: one of its sections' leaves).
 * - Levels 6 and 7: only routes listing their level.
 * - Levels 3 (and 6, 7): by level only.
 */
export function canAccessRoute(route: RouteMeta, subject: AccessSubject): boolean {
  if (route.noLogin) return true;
  if (subject.roles.includes("admin")) return true;
  if (route.roles && !route.roles.some((r) => subject.roles.includes(r))) return false;
  const { level } = subject;
  if (level === 6 || level === 7) return route.levels?.includes(level) ?? false;
  if (route.levels && !route.levels.includes(level as 3 | 4)) return false;
  if (level === 4 && route.permission) return hasPermission(subject.permissions, route.permission);
  return level === 3 || level === 4;
}

/** Spec §2 "Menu visibility": order pages of providers the vendor has not enabled are hidden. */
export function isRouteVisible(route: RouteMeta, subject: AccessSubject, flags: Partial<ProviderFlags>): boolean {
  if (route.hidden || route.noLogin) return false;
  if (route.providerFlag && !flags[route.providerFlag]) return false;
  return canAccessRoute(route, subject);
}
