import type { ConsumptionResult } from "@washboard/shared";
import { type AnyColumn, asc, desc, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { shopNameOf } from "../shops/public.js";
import { shopIdOf, usageRows } from "./figures.js";
import { type RevenueVendor, revenueOf } from "./scope.js";
import { usageHourly } from "./tables.js";

const uses = {
  uses: sql<number>`sum(${usageHourly.uses})::int`.mapWith(Number),
  minutes: sql<number>`sum(${usageHourly.minutes})::int`.mapWith(Number),
};

/** Machine uses by type, program, shop and hour of the day (expend), days inclusive. */
export async function consumptionOf(
  db: Db,
  vendors: readonly RevenueVendor[],
  range: { from: string; to: string; shop_id?: number | undefined },
): Promise<ConsumptionResult> {
  const where = usageRows(revenueOf(vendors), range.from, range.to, range.shop_id);
  // The four breakdowns in one statement: one grouping set each, told apart by which key is grouped.
  const grouped = (column: AnyColumn) => sql<number>`grouping(${column})`.mapWith(Number);
  const rows = await db
    .select({
      byType: grouped(usageHourly.machineType),
      byProgram: grouped(usageHourly.program),
      byShop: grouped(usageHourly.shopId),
      machineType: usageHourly.machineType,
      program: usageHourly.program,
      shopId: usageHourly.shopId,
      shopName: shopNameOf(usageHourly.shopId),
      hour: usageHourly.hour,
      ...uses,
    })
    .from(usageHourly)
    .where(where)
    .groupBy(
      sql`grouping sets ((${usageHourly.machineType}), (${usageHourly.program}), (${usageHourly.shopId}), (${usageHourly.hour}))`,
    )
    .orderBy(
      desc(sql`sum(${usageHourly.uses})`),
      asc(usageHourly.machineType),
      asc(usageHourly.program),
      asc(usageHourly.shopId),
    );
  // grouping() is 0 for the set's own key, 1 for the keys it does not group by.
  const types = rows.filter((r) => r.byType === 0);
  const programs = rows.filter((r) => r.byProgram === 0);
  const shops = rows.filter((r) => r.byShop === 0);
  const hours = rows.filter((r) => r.byType + r.byProgram + r.byShop === 3);
  const byHour = new Map(hours.map((h) => [Number(h.hour), h]));
  return {
    by_type: types.map((r) => ({ machine_type: String(r.machineType), uses: r.uses, minutes: r.minutes })),
    by_program: programs.map((r) => ({ program: String(r.program), uses: r.uses, minutes: r.minutes })),
    by_shop: shops.map((r) => ({
      shop_id: shopIdOf(r.shopId),
      shop_name: r.shopName,
      uses: r.uses,
      minutes: r.minutes,
    })),
    // Every hour of the day, the quiet ones as zero.
    by_hour: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      uses: byHour.get(hour)?.uses ?? 0,
      minutes: byHour.get(hour)?.minutes ?? 0,
    })),
  };
}
