import { API, DEFAULT_SITE_NAME } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { systemConfig } from "./tables.js";

/** Keys anyone may read before signing in. */
const PUBLIC_KEYS = new Set(["sitename", "website", "favicon"]);

export function systemConfigRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.systemConfig.config, async () => {
    const rows = await db.select().from(systemConfig);
    const visible = rows.filter((row) => PUBLIC_KEYS.has(row.name));
    if (!visible.some((row) => row.name === "sitename")) visible.push({ name: "sitename", value: DEFAULT_SITE_NAME });
    return visible.map(({ name, value }) => ({ name, value }));
  });
}
