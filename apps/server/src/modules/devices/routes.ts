import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { deviceStatusCounts } from "./status-counts.js";

export function deviceRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.devices.statusCounts, (_input, ctx) => deviceStatusCounts(db, ctx.scope));
}
