import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { brokerRisksFor } from "../devices/queries.js";
import { dashboardSummary } from "./summary.js";

export function dashboardRoutes(r: Routes, deps: AppDeps) {
  r.call(API.dashboard.summary, async (_input, ctx) => ({
    ...(await dashboardSummary(deps.db, ctx)),
    broker_risks: brokerRisksFor(deps, ctx.actor.level),
  }));
}
