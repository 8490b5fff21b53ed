import { zonedDayEnd, zonedDayStart } from "@washboard/shared";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { qualified } from "../../platform/db/qualified.js";
import { shopNameOf } from "../shops/public.js";
import { balanceMovements, cards, members } from "./tables.js";

/** The vendors a report reads, each with its zone (days are the vendor's own). */
export interface ReportVendor {
  id: number;
  timeZone: string;
  /** A sub-account limited to some shops reads those shops' income only; null or absent: every shop. */
  shopIds?: readonly number[] | null;
}

/** `shop` is one of the shops the vendors' figures are limited to (when a limited sub-account reads). */
function withinShops(vendors: readonly ReportVendor[], shop: SQL): SQL {
  const limited = vendors.find((v) => v.shopIds !== null && v.shopIds !== undefined)?.shopIds;
  if (!limited) return sql`true`;
  return limited.length > 0
    ? sql`${shop} in (${sql.join(
        limited.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;
}

export interface OtherIncomeDay {
  vendorId: number;
  day: string;
  shopId: number | null;
  shopName: string | null;
  count: number;
  app: number;
  counter: number;
  machine: number;
  total: number;
}

/**
 * Money received for balances, by vendor-local day and shop (decisions.md "Members, cards and the
 * ledger"): every movement that took money (`paid`), by where it came in — the member app (ref
 * `topup:`), a machine's remote card issue or top-up (ref `command:`), else the counter. A movement
 * without a shop of its own counts for the shop its member registered in.
 */
export async function otherIncomeByDay(
  db: Db,
  vendors: readonly ReportVendor[],
  range: { from: string; to: string; shop_id?: number | undefined },
): Promise<OtherIncomeDay[]> {
  if (vendors.length === 0) return [];
  const m = balanceMovements;
  const zones = sql.join(
    vendors.map((v) => sql`(${v.id}::int, ${v.timeZone}::text)`),
    sql`, `,
  );
  const within = sql.join(
    vendors.map(
      (v) =>
        sql`(${qualified(m.vendorId)} = ${v.id} and ${qualified(m.createdAt)} >= to_timestamp(${zonedDayStart(range.from, v.timeZone)})
          and ${qualified(m.createdAt)} < to_timestamp(${zonedDayEnd(range.to, v.timeZone) + 1}))`,
    ),
    sql` or `,
  );
  const shop = sql`coalesce(${qualified(m.shopId)}, ${qualified(members.shopId)})`;
  const channel = sql`case when ${qualified(m.ref)} like 'topup:%' then 'app'
    when ${qualified(m.ref)} like 'command:%' then 'machine' else 'counter' end`;
  const result = (await db.execute(sql`
    select income.vendor_id, income.day, income.shop_id, ${shopNameOf(sql`income.shop_id`)} as shop_name,
      count(*)::int as count,
      coalesce(sum(income.paid) filter (where income.channel = 'app'), 0)::bigint as app,
      coalesce(sum(income.paid) filter (where income.channel = 'counter'), 0)::bigint as counter,
      coalesce(sum(income.paid) filter (where income.channel = 'machine'), 0)::bigint as machine,
      sum(income.paid)::bigint as total
    from (
      select ${qualified(m.vendorId)} as vendor_id,
        to_char(${qualified(m.createdAt)} at time zone zones.tz, 'YYYY-MM-DD') as day,
        ${shop} as shop_id, ${channel} as channel, ${qualified(m.paid)} as paid
      from ${m}
      left join ${members} on ${qualified(members.id)} = ${qualified(m.memberId)}
      join (values ${zones}) as zones(vendor_id, tz) on zones.vendor_id = ${qualified(m.vendorId)}
      where ${qualified(m.paid)} > 0 and (${within})
    ) as income
    where ${range.shop_id === undefined ? sql`true` : sql`income.shop_id = ${range.shop_id}`}
      and ${withinShops(vendors, sql`income.shop_id`)}
    group by income.vendor_id, income.day, income.shop_id
    order by income.vendor_id, income.day, income.shop_id nulls last`)) as unknown as {
    rows: {
      vendor_id: number;
      day: string;
      shop_id: number | null;
      shop_name: string | null;
      count: number;
      app: string;
      counter: string;
      machine: string;
      total: string;
    }[];
  };
  return result.rows.map((r) => ({
    vendorId: r.vendor_id,
    day: r.day,
    shopId: r.shop_id,
    shopName: r.shop_name,
    count: r.count,
    app: Number(r.app),
    counter: Number(r.counter),
    machine: Number(r.machine),
    total: Number(r.total),
  }));
}

export interface CardBusinessDay {
  day: string;
  shopId: number | null;
  newCards: number;
  topups: number;
  topupAmount: number;
  payments: number;
  paymentAmount: number;
}

/**
 * The card business of one vendor by local day and shop: cards registered, card top-ups (money taken
 * at the counter or at machines) and card payments at machines. A card's shop is its member's.
 */
export async function cardBusinessByDay(
  db: Db,
  vendor: ReportVendor,
  range: { from: string; to: string; shop_id?: number | undefined },
): Promise<(CardBusinessDay & { shopName: string | null })[]> {
  const start = zonedDayStart(range.from, vendor.timeZone);
  const end = zonedDayEnd(range.to, vendor.timeZone) + 1;
  const zone = vendor.timeZone;
  const result = (await db.execute(sql`
    select activity.day, activity.shop_id, ${shopNameOf(sql`activity.shop_id`)} as shop_name,
      count(*) filter (where activity.what = 'new')::int as new_cards,
      count(*) filter (where activity.what = 'topup')::int as topups,
      coalesce(sum(activity.amount) filter (where activity.what = 'topup'), 0)::bigint as topup_amount,
      count(*) filter (where activity.what = 'payment')::int as payments,
      coalesce(sum(-activity.amount) filter (where activity.what = 'payment'), 0)::bigint as payment_amount
    from (
      select to_char(${qualified(balanceMovements.createdAt)} at time zone ${zone}, 'YYYY-MM-DD') as day,
        coalesce(${qualified(balanceMovements.shopId)}, ${qualified(members.shopId)}) as shop_id,
        case when ${qualified(balanceMovements.kind)} = 'topup' then 'topup'
          when ${qualified(balanceMovements.kind)} = 'payment' then 'payment' else 'other' end as what,
        ${qualified(balanceMovements.amount)} as amount
      from ${balanceMovements}
      left join ${members} on ${qualified(members.id)} = ${qualified(balanceMovements.memberId)}
      where ${qualified(balanceMovements.vendorId)} = ${vendor.id} and ${qualified(balanceMovements.purse)} = 'card'
        and ${qualified(balanceMovements.createdAt)} >= to_timestamp(${start})
        and ${qualified(balanceMovements.createdAt)} < to_timestamp(${end})
      union all
      select to_char(${qualified(cards.createdAt)} at time zone ${zone}, 'YYYY-MM-DD'), ${qualified(members.shopId)}, 'new', 0
      from ${cards}
      left join ${members} on ${qualified(members.id)} = ${qualified(cards.memberId)}
      where ${qualified(cards.vendorId)} = ${vendor.id}
        and ${qualified(cards.createdAt)} >= to_timestamp(${start}) and ${qualified(cards.createdAt)} < to_timestamp(${end})
    ) as activity
    where activity.what <> 'other' and ${range.shop_id === undefined ? sql`true` : sql`activity.shop_id = ${range.shop_id}`}
      and ${withinShops([vendor], sql`activity.shop_id`)}
    group by activity.day, activity.shop_id
    order by activity.day, activity.shop_id nulls last`)) as unknown as {
    rows: {
      day: string;
      shop_id: number | null;
      shop_name: string | null;
      new_cards: number;
      topups: number;
      topup_amount: string;
      payments: number;
      payment_amount: string;
    }[];
  };
  return result.rows.map((r) => ({
    day: r.day,
    shopId: r.shop_id,
    shopName: r.shop_name,
    newCards: r.new_cards,
    topups: r.topups,
    topupAmount: Number(r.topup_amount),
    payments: r.payments,
    paymentAmount: Number(r.payment_amount),
  }));
}

/**
 * Reward points by local day and shop (the points report): what members were given (bonuses,
 * adjustments up), what they spent or lost, and how many members it concerned.
 */
export async function rewardsByDay(
  db: Db,
  vendor: ReportVendor,
  range: { from: string; to: string; shop_id?: number | undefined },
) {
  const m = balanceMovements;
  const result = (await db.execute(sql`
    select points.day, points.shop_id, ${shopNameOf(sql`points.shop_id`)} as shop_name,
      count(distinct points.member_id)::int as members,
      coalesce(sum(points.amount) filter (where points.amount > 0), 0)::bigint as given,
      coalesce(sum(-points.amount) filter (where points.amount < 0), 0)::bigint as spent
    from (
      select to_char(${qualified(m.createdAt)} at time zone ${vendor.timeZone}, 'YYYY-MM-DD') as day,
        coalesce(${qualified(m.shopId)}, ${qualified(members.shopId)}) as shop_id,
        ${qualified(m.memberId)} as member_id, ${qualified(m.amount)} as amount
      from ${m}
      left join ${members} on ${qualified(members.id)} = ${qualified(m.memberId)}
      where ${qualified(m.vendorId)} = ${vendor.id} and ${qualified(m.purse)} = 'reward'
        and ${qualified(m.createdAt)} >= to_timestamp(${zonedDayStart(range.from, vendor.timeZone)})
        and ${qualified(m.createdAt)} < to_timestamp(${zonedDayEnd(range.to, vendor.timeZone) + 1})
    ) as points
    where ${range.shop_id === undefined ? sql`true` : sql`points.shop_id = ${range.shop_id}`}
    group by points.day, points.shop_id
    order by points.day, points.shop_id nulls last`)) as unknown as {
    rows: {
      day: string;
      shop_id: number | null;
      shop_name: string | null;
      members: number;
      given: string;
      spent: string;
    }[];
  };
  return result.rows.map((r) => ({
    day: r.day,
    shop_id: r.shop_id,
    shop_name: r.shop_name,
    members: r.members,
    given: Number(r.given),
    spent: Number(r.spent),
  }));
}
