import type { ConsumptionResult } from "@washboard/shared";
import { asc, desc, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { shopNameOf } from "../shops/public.js";
import type { VendorRow } from "../tenancy/public.js";
import { shopIdOf, usageRows } from "./figures.js";
import { idsOf } from "./scope.js";
import { usageHourly } from "./tables.js";

const uses = {
  uses: sql<number>`sum(${usageHourly.uses})::int`.mapWith(Number),
  minutes: sql<number>`sum(${usageHourly.minutes})::int`.mapWith(Number),
};

/** Machine uses by type, program, shop and hour of the day (expend), days inclusive. */
export async function consumptionOf(
  db: Db,
  vendors: readonly VendorRow[],
  range: { from: string; to: string; shop_id?: number | undefined },
): Promise<ConsumptionResult> {
  const where = usageRows(idsOf(vendors), range.from, range.to, range.shop_id);
  const by = <K extends SQL | typeof usageHourly.machineType>(key: K) =>
    db
      .select({ key, ...uses })
      .from(usageHourly)
      .where(where)
      .groupBy(key)
      .orderBy(desc(sql`sum(${usageHourly.uses})`), asc(key));
  const [types, programs, shops, hours] = await Promise.all([
    by(usageHourly.machineType),
    by(sql<string>`${usageHourly.program}`),
    db
      .select({ shopId: usageHourly.shopId, shopName: shopNameOf(usageHourly.shopId), ...uses })
      .from(usageHourly)
      .where(where)
      .groupBy(usageHourly.shopId)
      .orderBy(desc(sql`sum(${usageHourly.uses})`), asc(usageHourly.shopId)),
    by(sql<number>`${usageHourly.hour}`.mapWith(Number)),
  ]);
  const byHour = new Map(hours.map((h) => [Number(h.key), h]));
  return {
    by_type: types.map((r) => ({ machine_type: String(r.key), uses: r.uses, minutes: r.minutes })),
    by_program: programs.map((r) => ({ program: String(r.key), uses: r.uses, minutes: r.minutes })),
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
