import { API, FORM_REPORTS, type FormReportKey, type ReportRange } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { scopedFigures } from "../revenue/public.js";
import { scopedVendor } from "../tenancy/public.js";
import { REPORT_ROWS } from "./report-rows.js";
import { listSubscriptions, sendNow, subscribe, unsubscribe } from "./subscriptions.js";

/**
 * The /form/* reports (spec §2, v_form keys), one call each, and their e-mailed schedules. The rows
 * come from report-rows.ts, the same the scheduled mail reads, through `reader` (a replica when one
 * is set); the call's scope and the subscriptions from the primary.
 */
export function reportRoutes(r: Routes, { db, reader }: AppDeps) {
  for (const key of Object.keys(FORM_REPORTS) as FormReportKey[]) {
    // Each call's validated period (with or without a machine) is a ReportRange; the loop loses which.
    r.call(API.reports[FORM_REPORTS[key].call], async (input, ctx) => ({
      items: (await REPORT_ROWS[key](
        reader,
        scopedFigures(await scopedVendor(db, ctx.scope), ctx.scope),
        input as ReportRange,
      )) as never[],
    }));
  }
  r.call(API.reports.subscriptions, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    return { items: await listSubscriptions(db, ctx.actor, vendor.id, input.report) };
  });
  r.call(API.reports.subscribe, async (input, ctx) => {
    const created = await subscribe(db, ctx.actor, await scopedVendor(db, ctx.scope), input);
    ctx.audit.target = `report_subscription:${created.id} ${input.report} ${input.frequency}`;
    return created;
  });
  r.call(API.reports.unsubscribe, async (input, ctx) => {
    const vendor = await scopedVendor(db, ctx.scope);
    const removed = await unsubscribe(db, ctx.actor, vendor.id, input.id);
    ctx.audit.target = `report_subscription:${removed.id} ${removed.report} ${removed.frequency}`;
    return {};
  });
  r.call(API.reports.sendNow, async (input, ctx) => {
    ctx.audit.target = `report_subscription:${input.id}`;
    const period = await sendNow(db, ctx.actor, await scopedVendor(db, ctx.scope), input.id);
    return { period: `${period.from}..${period.to}` };
  });
}
