import { addDays, type DashboardRevenue, type DashboardShops, daysFrom } from "@washboard/shared";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { shopNameOf } from "../shops/public.js";
import { dailyRows, figureColumns, noFigures, shopIdOf, toFigures } from "./figures.js";
import { type RevenueVendor, revenueOf, todayOf } from "./scope.js";
import { revenueDaily } from "./tables.js";

const TREND_DAYS = 30;
/** Shops each vendor shows on the dashboard. */
export const DASHBOARD_SHOPS = 10;

/**
 * Each vendor's today, this month and past 30 days (the dashboard's revenue list), in its own
 * currency: one query per vendor over the rollups of the month and the trend's days.
 */
export async function dashboardRevenue(db: Db, vendors: readonly RevenueVendor[]): Promise<DashboardRevenue> {
  const result = await Promise.all(
    vendors.map(async (vendor) => {
      const today = todayOf(vendor);
      const trendFrom = addDays(today, 1 - TREND_DAYS);
      const monthFrom = `${today.slice(0, 7)}-01`;
      const from = trendFrom < monthFrom ? trendFrom : monthFrom;
      const rows = await db
        .select({ day: revenueDaily.day, ...figureColumns })
        .from(revenueDaily)
        .where(and(dailyRows(revenueOf([vendor]), from, today), eq(revenueDaily.currency, vendor.currency)))
        .groupBy(revenueDaily.day, revenueDaily.currency)
        .orderBy(asc(revenueDaily.day));
      const byDay = new Map(rows.map((r) => [r.day, toFigures(r)]));
      const sum = (days: string[]) => {
        const total = noFigures(vendor.currency);
        for (const f of days.map((day) => byDay.get(day))) {
          if (!f) continue;
          total.orders += f.orders;
          total.gross += f.gross;
          total.refunds += f.refunds;
          total.refunded += f.refunded;
          total.net += f.net;
        }
        return total;
      };
      return {
        vendor_id: vendor.id,
        vendor_name: vendor.name,
        today_date: today,
        today: sum([today]),
        month: sum(daysFrom(monthFrom, today)),
        trend: daysFrom(trendFrom, today).map((day) => ({ ...(byDay.get(day) ?? noFigures(vendor.currency)), day })),
      };
    }),
  );
  return { vendors: result };
}

/** Each vendor's shops ranked by this month's net revenue, with today's net. */
export async function dashboardShops(db: Db, vendors: readonly RevenueVendor[]): Promise<DashboardShops> {
  const lists = await Promise.all(
    vendors.map(async (vendor) => {
      const today = todayOf(vendor);
      const todayNet = sql<number>`coalesce(sum(${revenueDaily.gross} - ${revenueDaily.refunded})
        filter (where ${revenueDaily.day} = ${today}), 0)::bigint`.mapWith(Number);
      const rows = await db
        .select({ shopId: revenueDaily.shopId, shopName: shopNameOf(revenueDaily.shopId), todayNet, ...figureColumns })
        .from(revenueDaily)
        .where(
          and(
            dailyRows(revenueOf([vendor]), `${today.slice(0, 7)}-01`, today),
            eq(revenueDaily.currency, vendor.currency),
          ),
        )
        .groupBy(revenueDaily.shopId, revenueDaily.currency)
        .orderBy(desc(sql`sum(${revenueDaily.gross}) - sum(${revenueDaily.refunded})`), asc(revenueDaily.shopId))
        .limit(DASHBOARD_SHOPS);
      return rows.map((r) => ({
        ...toFigures(r),
        vendor_id: vendor.id,
        vendor_name: vendor.name,
        shop_id: shopIdOf(r.shopId),
        shop_name: r.shopName,
        today_net: r.todayNet,
      }));
    }),
  );
  return { items: lists.flat() };
}
