import type { OrderSource } from "@washboard/shared";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { shopNameOf } from "../shops/public.js";
import { dailyRows, figureColumns, shopIdOf, toFigures } from "./figures.js";
import { type RevenueVendor, revenueOf } from "./scope.js";
import { revenueDaily } from "./tables.js";

type Range = { from: string; to: string; shop_id?: number | undefined; device_id?: number | undefined };

/** The rollup's days of the period and shop, and of the machine when one is chosen. */
const rowsOf = (vendor: RevenueVendor, range: Range) =>
  and(
    dailyRows(revenueOf([vendor]), range.from, range.to, range.shop_id),
    range.device_id === undefined ? undefined : eq(revenueDaily.deviceId, range.device_id),
  );

/** Figures of some payment sources by day and shop, from the daily rollup (the /form/* reports). */
export async function sourceFiguresByDayAndShop(db: Db, vendor: RevenueVendor, range: Range, sources: OrderSource[]) {
  const rows = await db
    .select({
      day: revenueDaily.day,
      shopId: revenueDaily.shopId,
      shopName: shopNameOf(revenueDaily.shopId),
      ...figureColumns,
    })
    .from(revenueDaily)
    .where(and(rowsOf(vendor, range), inArray(revenueDaily.source, sources)))
    .groupBy(revenueDaily.day, revenueDaily.shopId, revenueDaily.currency)
    .orderBy(asc(revenueDaily.day), asc(revenueDaily.shopId));
  return rows.map((r) => ({ day: r.day, shop_id: shopIdOf(r.shopId), shop_name: r.shopName, ...toFigures(r) }));
}

/** Figures of some payment sources by day and source. */
export async function sourceFiguresByDay(db: Db, vendor: RevenueVendor, range: Range, sources: OrderSource[]) {
  const rows = await db
    .select({ day: revenueDaily.day, source: revenueDaily.source, ...figureColumns })
    .from(revenueDaily)
    .where(and(rowsOf(vendor, range), inArray(revenueDaily.source, sources)))
    .groupBy(revenueDaily.day, revenueDaily.source, revenueDaily.currency)
    .orderBy(asc(revenueDaily.day), asc(revenueDaily.source));
  return rows.map((r) => ({ day: r.day, source: r.source, ...toFigures(r) }));
}

/** Each machine's figures over the period (every source), by machine id. */
export async function deviceFigures(db: Db, vendor: RevenueVendor, range: Range, deviceIds: number[]) {
  if (deviceIds.length === 0) return new Map<number, ReturnType<typeof toFigures>>();
  const rows = await db
    .select({ deviceId: revenueDaily.deviceId, ...figureColumns })
    .from(revenueDaily)
    .where(
      and(
        dailyRows(revenueOf([vendor]), range.from, range.to, range.shop_id),
        inArray(revenueDaily.deviceId, deviceIds),
      ),
    )
    .groupBy(revenueDaily.deviceId, revenueDaily.currency);
  return new Map(rows.map((r) => [r.deviceId, toFigures(r)]));
}
