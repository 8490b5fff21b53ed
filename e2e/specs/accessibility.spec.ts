import type { Page } from "@playwright/test";
import type { RouteMeta } from "@washboard/shared";
import { expect, signIn, test } from "../fixtures";
import { type Finding, pageOutline, seriousViolations } from "../support/axe";
import { routesWithScreens, screenPaths, screensFor, signedInSubject } from "../support/screens";
import { text } from "./catalogue";

const en = (key: string) => text("en", key);

/**
 * The demo logins of README.md, one per console level. An administrator's screens are audited
 * whole; a sub-account's are audited where no administrator of the list shows them (and its
 * dashboard, whose panels follow its permissions): a sub-account sees the same screens with fewer
 * actions, and auditing each screen again under each login took CI's browser run 13 minutes.
 * `parts` splits a login's screens over tests, each with its own time.
 */
const LEVELS = [
  { username: "vendor_admin", level: 3, parts: 4 },
  { username: "group_admin", level: 6, parts: 1 },
  { username: "vendor_sub", level: 4, parts: 1 },
  { username: "group_sub", level: 7, parts: 1 },
] as const;

const ADMIN_LEVELS = new Set([3, 6]);

/** The screens the administrators listed before this login show, audited there already. */
function auditedBefore(index: number): Set<string> {
  return new Set(
    LEVELS.slice(0, index)
      .filter(({ level }) => ADMIN_LEVELS.has(level))
      .flatMap(({ level }) => screensFor({ level, roles: [String(level)], permissions: [] }).map((r) => r.path)),
  );
}

/**
 * Waits until the page has settled: its title heading shown, nothing loading, and no colour still
 * fading (a button enabled as its data arrives is mid-transition for 0.2 s, which axe would measure).
 */
async function settled(page: Page) {
  await expect(page.locator("h1:visible")).toHaveCount(1);
  await expect(page.locator(".page-spinner, .ant-spin-spinning, .ant-skeleton, .ant-btn-loading")).toHaveCount(0);
  await page.evaluate(() =>
    Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
  );
}

/** Audits what the page shows: no serious or critical axe finding, one main landmark, one h1. */
async function audit(page: Page, route: RouteMeta, found: Map<string, Finding[]>) {
  await settled(page);
  const outline = await pageOutline(page);
  expect.soft(outline.mains, `${route.path}: main landmarks`).toBe(1);
  expect.soft(outline.h1s, `${route.path}: h1 headings`).toHaveLength(1);
  const violations = await seriousViolations(page);
  if (violations.length > 0) found.set(route.path, violations);
}

async function report(found: Map<string, Finding[]>, visited: readonly string[]) {
  test.info().annotations.push({ type: "screens", description: visited.join(", ") });
  const findings = JSON.stringify(Object.fromEntries(found), null, 2);
  await test.info().attach("axe-findings.json", { body: findings, contentType: "application/json" });
  expect(Object.fromEntries(found), "serious or critical axe-core violations by route").toEqual({});
}

test("every screen the features declare is audited: a route of the table, public or open to an audited level", () => {
  const audited = new Set(routesWithScreens().flatMap((route) => (route.noLogin ? [route.path] : [])));
  for (const { level } of LEVELS) {
    // Levels 3, 6 and 7 open every screen of their level; level 4 a part of level 3's.
    for (const route of screensFor({ level, roles: [String(level)], permissions: [] })) audited.add(route.path);
  }
  expect(screenPaths().filter((path) => !audited.has(path))).toEqual([]);
});

LEVELS.forEach(({ username, level, parts }, index) => {
  for (let part = 0; part < parts; part++) {
    test(`level ${level} (${username}), screens part ${part + 1} of ${parts}: no serious accessibility violation, one main and one h1`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      await signIn(page, username);
      await expect(page.getByTestId("dashboard")).toBeVisible();
      const shown = screensFor(await signedInSubject(page));
      expect(shown.length).toBeGreaterThan(3);
      const before = auditedBefore(index);
      const own = shown.filter(
        (route) => !before.has(route.path) || (!ADMIN_LEVELS.has(level) && route.path === "/dashboard"),
      );
      const routes = own.filter((_, i) => i % parts === part);
      expect(routes.length).toBeGreaterThan(0);
      const found = new Map<string, Finding[]>();
      for (const route of routes) {
        await page.goto(`/#${route.path}`);
        await expect(page).toHaveURL(new RegExp(`#${route.path}$`));
        await audit(page, route, found);
        await expect(page.locator("h1:visible")).toHaveText(en(route.titleKey));
      }
      await report(
        found,
        routes.map((r) => r.path),
      );
    });
  }
});

test("signed out: the sign-in page and the public pages have no serious accessibility violation, one main and one h1", async ({
  page,
}) => {
  const routes = routesWithScreens().filter((route) => route.noLogin);
  expect(routes.map((r) => r.path)).toContain("/login");
  const found = new Map<string, Finding[]>();
  for (const route of routes) {
    // A new document each time: after a change of the hash alone, the previous page's heading
    // would pass for this one's while its screen is still loading.
    await page.goto("about:blank");
    await page.goto(`/#${route.path}`);
    await audit(page, route, found);
  }
  await report(
    found,
    routes.map((r) => r.path),
  );
});
