import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { type AccessSubject, canAccessRoute, ORDER_SCREENS, ROUTES, type RouteMeta } from "@washboard/shared";

const SCREENS_FILE = path.resolve(import.meta.dirname, "../../apps/web/src/app/router/screens.ts");
const REPORT_ROUTES_FILE = path.resolve(import.meta.dirname, "../../apps/web/src/features/reports/report-routes.ts");

/** The report screens' paths, as the console's report-routes list has them. */
function reportRoutes(): string[] {
  const source = fs.readFileSync(REPORT_ROUTES_FILE, "utf8");
  return [...source.matchAll(/^\s*"(\/form\/[^"]*)",$/gm)].map((match) => match[1] ?? "");
}

/**
 * The route paths the console has a screen for, read from the console's screen table — its own
 * lines, and the order and report screens it builds from the shared order screens and the report
 * routes — so a screen added there is covered by the tests that visit every screen.
 */
export function screenPaths(): string[] {
  const source = fs.readFileSync(SCREENS_FILE, "utf8");
  const listed = [...source.matchAll(/^\s*"(\/[^"]*)": \(\) => import\(/gm)].map((match) => match[1] ?? "");
  // The table spreads these two lists into itself; say so here or the screens go unvisited.
  if (!source.includes("ORDER_SCREENS.map") || !source.includes("REPORT_ROUTES.map")) {
    throw new Error("the screen table no longer builds the order and report screens as screens.ts expects");
  }
  return [...listed, ...ORDER_SCREENS.map((screen) => screen.route), ...reportRoutes()];
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
