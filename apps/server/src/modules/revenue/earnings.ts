import {
  type DeviceRevenueRow,
  daysInMonth,
  type EarningsMonthRow,
  type ShopEarningsRow,
  zonedDayEnd,
  zonedDayStart,
} from "@washboard/shared";
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { vendorDevicesForReports } from "../devices/public.js";
import { shopNameOf } from "../shops/public.js";
import {
  dailyRows,
  figureColumns,
  monthlyFigureColumns,
  monthlyRows,
  noFigures,
  shopIdOf,
  toFigures,
} from "./figures.js";
import { type RevenueVendor, revenueOf } from "./scope.js";
import { revenueDaily, revenueMonthly } from "./tables.js";

const lastDayOf = (month: string) => `${month}-${String(daysInMonth(month)).padStart(2, "0")}`;

const nameOf = (vendors: readonly RevenueVendor[], id: number) => vendors.find((v) => v.id === id)?.name ?? "";

/** Earnings by month and payment source (income_total), months "YYYY-MM" inclusive. */
export async function earningsByMonth(
  db: Db,
  vendors: readonly RevenueVendor[],
  range: { from: string; to: string; shop_id?: number | undefined },
): Promise<EarningsMonthRow[]> {
  const month = sql<string>`to_char(${revenueMonthly.month}, 'YYYY-MM')`;
  const rows = await db
    .select({ vendorId: revenueMonthly.vendorId, month, source: revenueMonthly.source, ...monthlyFigureColumns })
    .from(revenueMonthly)
    .where(monthlyRows(revenueOf(vendors), `${range.from}-01`, `${range.to}-01`, range.shop_id))
    .groupBy(revenueMonthly.vendorId, revenueMonthly.month, revenueMonthly.source, revenueMonthly.currency)
    .orderBy(asc(revenueMonthly.vendorId), asc(revenueMonthly.month), asc(revenueMonthly.source));
  return rows.map((r) => ({
    vendor_id: r.vendorId,
    vendor_name: nameOf(vendors, r.vendorId),
    month: r.month,
    source: r.source,
    ...toFigures(r),
  }));
}

/** Each shop's earnings by day (income_shop), days "YYYY-MM-DD" inclusive. */
export async function shopEarningsByDay(
  db: Db,
  vendors: readonly RevenueVendor[],
  range: { from: string; to: string; shop_id?: number | undefined },
): Promise<ShopEarningsRow[]> {
  const rows = await db
    .select({
      vendorId: revenueDaily.vendorId,
      day: revenueDaily.day,
      shopId: revenueDaily.shopId,
      shopName: shopNameOf(revenueDaily.shopId),
      ...figureColumns,
    })
    .from(revenueDaily)
    .where(dailyRows(revenueOf(vendors), range.from, range.to, range.shop_id))
    .groupBy(revenueDaily.vendorId, revenueDaily.day, revenueDaily.shopId, revenueDaily.currency)
    .orderBy(asc(revenueDaily.vendorId), asc(revenueDaily.day), asc(revenueDaily.shopId));
  return rows.map((r) => ({
    vendor_id: r.vendorId,
    vendor_name: nameOf(vendors, r.vendorId),
    day: r.day,
    shop_id: shopIdOf(r.shopId),
    shop_name: r.shopName,
    ...toFigures(r),
  }));
}

/**
 * Each of the vendor's machines in a month (income_device), those that sold nothing too: figures,
 * uses, net per use, and the share of the month's minutes (so far, for this month) it stood idle.
 */
export async function deviceRevenueOfMonth(
  db: Db,
  vendor: RevenueVendor,
  input: { month: string; shop_id?: number | undefined },
  now = Date.now(),
): Promise<DeviceRevenueRow[]> {
  const from = `${input.month}-01`;
  const to = lastDayOf(input.month);
  const [machines, rows] = await Promise.all([
    vendorDevicesForReports(db, vendor.id, input.shop_id),
    db
      .select({
        deviceId: revenueDaily.deviceId,
        minutes: sql<number>`sum(${revenueDaily.minutes})::int`,
        ...figureColumns,
      })
      .from(revenueDaily)
      .where(dailyRows(revenueOf([vendor]), from, to, input.shop_id))
      .groupBy(revenueDaily.deviceId, revenueDaily.currency),
  ]);
  const start = zonedDayStart(from, vendor.timeZone);
  const end = Math.min(zonedDayEnd(to, vendor.timeZone) + 1, Math.floor(now / 1000));
  const periodMinutes = Math.max(0, (end - start) / 60);
  return machines.map((machine) => {
    const own = rows.filter((r) => r.deviceId === machine.id);
    // A machine whose sales span two currencies (the vendor changed it mid-month) shows the vendor's.
    const figures = own.find((r) => r.currency === vendor.currency) ?? own[0];
    const result = figures ? toFigures(figures) : noFigures(vendor.currency);
    const minutes = own.reduce((sum, r) => sum + Number(r.minutes), 0);
    return {
      ...result,
      device_id: machine.id,
      device_name: machine.name,
      serial_number: machine.serial,
      machine_type: machine.type,
      shop_name: machine.shopName,
      minutes,
      average_per_use: result.orders > 0 ? Math.round(result.net / result.orders) : 0,
      idle_share: periodMinutes > 0 ? Math.max(0, 1 - minutes / periodMinutes) : 1,
    };
  });
}
