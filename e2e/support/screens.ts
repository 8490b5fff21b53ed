import type { Page } from "@playwright/test";
import { type AccessSubject, canAccessRoute, ROUTES, type RouteMeta } from "@washboard/shared";
import { FEATURES } from "../../apps/web/src/features/registry";

/**
 * The route paths the console has a screen for, as the features declare them (each feature's
 * feature.ts, gathered by the console's features list): a screen a feature declares is covered by
 * the tests that visit every screen.
 */
export function screenPaths(): string[] {
  return FEATURES.flatMap((feature) => Object.keys(feature.screens));
}

/** The routes of the shared table that have a screen. */
export function routesWithScreens(): RouteMeta[] {
  const paths = new Set(screenPaths());
  return ROUTES.filter((route) => paths.has(route.path));
}

/** What the guard knows about the account signed in on the page (the console's stored session). */
export async function signedInSubject(page: Page): Promise<AccessSubject> {
  const user = await page.evaluate(
    () => (JSON.parse(localStorage.getItem("washboard") ?? "{}") as { user?: AccessSubject | null }).user,
  );
  if (!user) throw new Error("no signed-in session on the page");
  return { level: user.level, roles: user.roles, permissions: user.permissions };
}

/** The signed-in screens this account may open (spec §2 guard), in the route table's order. */
export function screensFor(subject: AccessSubject): RouteMeta[] {
  return routesWithScreens().filter((route) => !route.noLogin && canAccessRoute(route, subject));
}
