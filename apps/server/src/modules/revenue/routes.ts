import { API } from "@washboard/shared";
import { toSeconds } from "../../platform/db/columns.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { deviceCounts, devicesNeedingAttention } from "../devices/public.js";
import { otherIncomeByDay } from "../members/public.js";
import { shopAnalysis } from "./analysis.js";
import { consumptionOf } from "./consumption.js";
import { dashboardRevenue, dashboardShops } from "./dashboard.js";
import { deviceRevenueOfMonth, earningsByMonth, shopEarningsByDay } from "./earnings.js";
import { idsOf, revenueOf, revenueVendor, revenueVendors } from "./scope.js";

/** How many machines the dashboard's "needs attention" lists. */
const ATTENTION_LIMIT = 20;

/**
 * Figures of the past read from `reader` (a replica when one is set); the scope of the call, and the
 * machines' live states, from the primary.
 */
export function revenueRoutes(r: Routes, { db, reader }: AppDeps) {
  r.call(API.revenue.earningsMonth, async (input, ctx) => ({
    items: await earningsByMonth(reader, await revenueVendors(db, ctx.scope), input),
  }));
  r.call(API.revenue.shopEarnings, async (input, ctx) => ({
    items: await shopEarningsByDay(reader, await revenueVendors(db, ctx.scope), input),
  }));
  r.call(API.revenue.otherIncome, async (input, ctx) => {
    const vendors = await revenueVendors(db, ctx.scope);
    const rows = await otherIncomeByDay(reader, vendors, input);
    return {
      items: rows.map((r) => {
        const vendor = vendors.find((v) => v.id === r.vendorId);
        return {
          vendor_id: r.vendorId,
          vendor_name: vendor?.name ?? "",
          day: r.day,
          shop_id: r.shopId,
          shop_name: r.shopName,
          currency: vendor?.currency ?? "",
          count: r.count,
          app: r.app,
          counter: r.counter,
          machine: r.machine,
          total: r.total,
        };
      }),
    };
  });
  r.call(API.revenue.deviceRevenue, async (input, ctx) => ({
    items: await deviceRevenueOfMonth(reader, await revenueVendor(db, ctx.scope), input),
  }));
  r.call(API.revenue.consumption, async (input, ctx) =>
    consumptionOf(reader, await revenueVendors(db, ctx.scope), input),
  );
  r.call(API.revenue.shopAnalysis, async (input, ctx) =>
    shopAnalysis(reader, await revenueVendor(db, ctx.scope), input.shop_id),
  );
  r.call(API.revenue.dashboardRevenue, async (_input, ctx) =>
    dashboardRevenue(reader, await revenueVendors(db, ctx.scope)),
  );
  r.call(API.revenue.dashboardShops, async (_input, ctx) =>
    dashboardShops(reader, await revenueVendors(db, ctx.scope)),
  );
  r.call(API.revenue.dashboardDevices, async (_input, ctx) => {
    const vendors = await revenueVendors(db, ctx.scope);
    const ids = idsOf(vendors);
    const { shopIds } = revenueOf(vendors);
    const [counts, attention] = await Promise.all([
      deviceCounts(db, ids, shopIds),
      devicesNeedingAttention(db, ids, ATTENTION_LIMIT, shopIds),
    ]);
    return {
      states: counts.states,
      attention: attention.map((d) => ({
        device_id: d.id,
        device_name: d.name,
        serial_number: d.serial,
        shop_name: d.shopName,
        machine_type: d.machineType,
        kind: d.kind,
        detail: d.kind === "fault" ? d.fault : null,
        since: toSeconds(d.kind === "expiring" ? d.expiresAt : d.lastSeenAt),
      })),
    };
  });
}
