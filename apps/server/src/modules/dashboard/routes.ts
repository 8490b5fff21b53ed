import { API, LEVEL } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { brokerRisksFor } from "../devices/public.js";
import { dashboardSummary } from "./summary.js";

export function dashboardRoutes(r: Routes, deps: AppDeps) {
  r.call(API.dashboard.summary, async (_input, ctx) => {
    const runsTheInstall = ctx.actor.level === LEVEL.VENDOR_ADMIN || ctx.actor.level === LEVEL.GROUP_ADMIN;
    const { publicAddress, ...summary } = await dashboardSummary(deps.db, ctx);
    return {
      ...summary,
      broker_risks: brokerRisksFor(deps, ctx.actor.level),
      public_address: runsTheInstall ? { url: publicAddress } : null,
    };
  });
}
