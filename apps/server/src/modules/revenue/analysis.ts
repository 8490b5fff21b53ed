import { addDays, type ShopAnalysis } from "@washboard/shared";
import { asc, desc, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { deviceCountsByShop } from "../devices/public.js";
import { shopChoices } from "../shops/public.js";
import { tenantOfVendor } from "../tenancy/public.js";
import {
  dailyRows,
  figureColumns,
  monthlyFigureColumns,
  monthlyRows,
  noFigures,
  shopIdOf,
  toFigures,
  usageRows,
} from "./figures.js";
import { type RevenueVendor, revenueOf, todayOf } from "./scope.js";
import { revenueDaily, revenueMonthly, usageHourly } from "./tables.js";

/** Spec §9's analysis windows: the past month (30 days to today), five years, and three months of uses. */
const PAST_MONTH_DAYS = 30;
const YEARS = 5;
const HEATMAP_DAYS = 91;
const TOP_SHOPS = 5;

/**
 * The data center (dc_statistic): the top shops of the past month, revenue of the past five years,
 * every shop's figures over the past month beside its machines, and uses by weekday and hour.
 */
export async function shopAnalysis(db: Db, vendor: RevenueVendor, shopId?: number): Promise<ShopAnalysis> {
  const today = todayOf(vendor);
  const monthAgo = addDays(today, 1 - PAST_MONTH_DAYS);
  const firstYear = Number(today.slice(0, 4)) - YEARS + 1;
  const year = sql<number>`extract(year from ${revenueMonthly.month})::int`.mapWith(Number);
  const net = sql`sum(${revenueDaily.gross}) - sum(${revenueDaily.refunded})`;
  const weekday = sql<number>`extract(isodow from ${usageHourly.day})::int`.mapWith(Number);
  const [shopRows, years, shops, machines, heat] = await Promise.all([
    db
      .select({ shopId: revenueDaily.shopId, ...figureColumns })
      .from(revenueDaily)
      .where(dailyRows(revenueOf([vendor]), monthAgo, today))
      .groupBy(revenueDaily.shopId, revenueDaily.currency)
      .orderBy(desc(net), asc(revenueDaily.shopId)),
    db
      .select({ year, ...monthlyFigureColumns })
      .from(revenueMonthly)
      .where(monthlyRows(revenueOf([vendor]), `${firstYear}-01-01`, today))
      .groupBy(year, revenueMonthly.currency)
      .orderBy(asc(year)),
    shopChoices(db, tenantOfVendor(vendor.id, vendor.shopIds ?? null)),
    deviceCountsByShop(db, vendor.id),
    db
      .select({ weekday, hour: usageHourly.hour, uses: sql<number>`sum(${usageHourly.uses})::int`.mapWith(Number) })
      .from(usageHourly)
      .where(usageRows(revenueOf([vendor]), addDays(today, 1 - HEATMAP_DAYS), today, shopId))
      .groupBy(weekday, usageHourly.hour)
      .orderBy(asc(weekday), asc(usageHourly.hour)),
  ]);
  const nameOfShop = (id: number) => shops.find((s) => s.id === id)?.name ?? null;
  const inCurrency = shopRows.filter((r) => r.currency === vendor.currency);
  const figuresOf = (id: number) => {
    const row = inCurrency.find((r) => r.shopId === id);
    return row ? toFigures(row) : noFigures(vendor.currency);
  };
  const perShop = shops.map((s) => {
    const figures = figuresOf(s.id);
    const devices = machines.get(s.id) ?? 0;
    return {
      ...figures,
      shop_id: s.id,
      shop_name: s.name,
      devices,
      net_per_device: devices > 0 ? Math.round(figures.net / devices) : 0,
    };
  });
  return {
    currency: vendor.currency,
    today,
    top_shops: inCurrency
      .slice(0, TOP_SHOPS)
      .map((r) => ({ ...toFigures(r), shop_id: shopIdOf(r.shopId), shop_name: nameOfShop(r.shopId) })),
    years: Array.from({ length: YEARS }, (_, i) => firstYear + i).map((y) => {
      const row = years.find((r) => r.year === y && r.currency === vendor.currency);
      return { ...(row ? toFigures(row) : noFigures(vendor.currency)), year: y };
    }),
    shops: perShop.sort((a, b) => b.net - a.net || a.shop_name.localeCompare(b.shop_name)),
    heatmap: heat.map((h) => ({ weekday: h.weekday, hour: h.hour, uses: h.uses })),
  };
}
