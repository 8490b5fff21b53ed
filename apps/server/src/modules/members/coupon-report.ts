import { zonedDayEnd, zonedDayStart } from "@washboard/shared";
import { type AnyColumn, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import { shopNameOf } from "../shops/public.js";
import type { ReportVendor } from "./other-income.js";
import { MEMBER_COUPON_STATE, memberCoupons, members } from "./tables.js";

/**
 * The discount card report (form_card) by vendor-local day and shop: coupons given to members, coupons
 * spent on orders and what they took off, and coupons that ended unused. A coupon given or ended
 * counts for the shop its member registered in; a spent one for the shop of the machine it paid.
 * With a machine chosen, only the coupons spent at it count (the others belong to no machine).
 */
export async function couponsByDay(
  db: Db,
  vendor: ReportVendor,
  range: { from: string; to: string; shop_id?: number | undefined; device_id?: number | undefined },
) {
  const mc = memberCoupons;
  const zone = vendor.timeZone;
  const from = sql`to_timestamp(${zonedDayStart(range.from, zone)})`;
  const to = sql`to_timestamp(${zonedDayEnd(range.to, zone) + 1})`;
  const within = (column: AnyColumn) => sql`${qualified(column)} >= ${from} and ${qualified(column)} < ${to}`;
  const day = (column: AnyColumn) => sql`to_char(${qualified(column)} at time zone ${zone}, 'YYYY-MM-DD')`;
  const ofVendor = sql`${qualified(mc.vendorId)} = ${vendor.id}`;
  const anyMachine = range.device_id === undefined ? sql`true` : sql`false`;
  const result = (await db.execute(sql`
    select activity.day, activity.shop_id, ${shopNameOf(sql`activity.shop_id`)} as shop_name,
      count(*) filter (where activity.what = 'given')::int as given,
      count(*) filter (where activity.what = 'used')::int as used,
      coalesce(sum(activity.discount) filter (where activity.what = 'used'), 0)::bigint as discount,
      count(*) filter (where activity.what = 'expired')::int as expired
    from (
      select ${day(mc.issuedAt)} as day, ${qualified(members.shopId)} as shop_id, 'given' as what, 0::bigint as discount
      from ${mc} join ${members} on ${qualified(members.id)} = ${qualified(mc.memberId)}
      where ${ofVendor} and ${within(mc.issuedAt)} and ${anyMachine}
      union all
      select ${day(mc.usedAt)}, ${qualified(mc.shopId)}, 'used', ${qualified(mc.discount)}
      from ${mc}
      where ${ofVendor} and ${qualified(mc.state)} = ${MEMBER_COUPON_STATE.used} and ${within(mc.usedAt)}
        and ${range.device_id === undefined ? sql`true` : sql`${qualified(mc.deviceId)} = ${range.device_id}`}
      union all
      select ${day(mc.expiresAt)}, ${qualified(members.shopId)}, 'expired', 0
      from ${mc} join ${members} on ${qualified(members.id)} = ${qualified(mc.memberId)}
      where ${ofVendor} and ${qualified(mc.state)} <> ${MEMBER_COUPON_STATE.used} and ${within(mc.expiresAt)}
        and ${qualified(mc.expiresAt)} <= now() and ${anyMachine}
    ) as activity
    where ${range.shop_id === undefined ? sql`true` : sql`activity.shop_id = ${range.shop_id}`}
    group by activity.day, activity.shop_id
    order by activity.day, activity.shop_id nulls last`)) as unknown as {
    rows: {
      day: string;
      shop_id: number | null;
      shop_name: string | null;
      given: number;
      used: number;
      discount: string;
      expired: number;
    }[];
  };
  return result.rows.map((r) => ({
    day: r.day,
    shop_id: r.shop_id,
    shop_name: r.shop_name,
    given: r.given,
    used: r.used,
    discount: Number(r.discount),
    expired: r.expired,
  }));
}
