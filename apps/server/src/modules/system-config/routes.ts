import { API, APP_DOWNLOAD_KEYS, DEFAULT_SITE_NAME } from "@washboard/shared";
import { scalars } from "../../platform/db/related.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { systemConfigValueOf } from "./queries.js";
import { systemConfig } from "./tables.js";

/** Keys anyone may read before signing in. */
const PUBLIC_KEYS = new Set(["sitename", "website", "favicon"]);
/** Claimed when the demo tenant was seeded into this database (seed/demo.ts). */
const DEMO_MARKER = "seed.demo";

export function systemConfigRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.systemConfig.config, async () => {
    const rows = await db.select().from(systemConfig);
    const visible = rows.filter((row) => PUBLIC_KEYS.has(row.name));
    if (!visible.some((row) => row.name === "sitename")) visible.push({ name: "sitename", value: DEFAULT_SITE_NAME });
    // The console shows its "demo data" banner while this database holds the demo.
    if (rows.some((row) => row.name === DEMO_MARKER)) visible.push({ name: "demo", value: "1" });
    return visible.map(({ name, value }) => ({ name, value }));
  });

  // Both apps' links in one statement: any signed-in console account may show their QR codes.
  r.call(API.systemConfig.appLinks, () =>
    scalars(db, {
      customer_url: systemConfigValueOf(APP_DOWNLOAD_KEYS.customer_url),
      operator_url: systemConfigValueOf(APP_DOWNLOAD_KEYS.operator_url),
    }),
  );
}
