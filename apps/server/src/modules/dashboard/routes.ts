import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { dashboardSummary } from "./summary.js";

export function dashboardRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.dashboard.summary, (_input, ctx) => dashboardSummary(db, ctx));
}
