import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type AccessSubject, canAccessRoute, ROUTES, type RouteMeta } from "@washboard/shared";

const SCREENS_FILE = path.resolve(import.meta.dirname, "../../apps/web/src/app/router/screens.ts");

/**
 * The route paths the console has a screen for, read from the console's screen table, so a screen
 * added there is covered by the tests that visit every screen without touching them.
 */
export function screenPaths(): string[] {
  const source = fs.readFileSync(SCREENS_FILE, "utf8");
  return [...source.matchAll(/^\s*"(\/[^"]*)": \(\) => import\(/gm)].map((match) => match[1] ?? "");
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
