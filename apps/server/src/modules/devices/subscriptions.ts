import {
  SUBSCRIPTION_GRACE_DAYS,
  SUBSCRIPTION_WARNING_DAYS,
  type SubscriptionDevice,
  type SubscriptionDeviceCounts,
  type subscriptionDevicesRequest,
} from "@washboard/shared";
import { type AnyColumn, and, count, eq, gt, ilike, inArray, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { endsKeyset, keysetAt } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import { shopNameOf } from "../shops/public.js";
import { tenantOfVendor, type VendorTenant } from "../tenancy/public.js";
import { devices } from "./tables.js";

/**
 * Each machine's subscription end (spec §4 subscription states), owned by this module like the rest
 * of the register: the subscriptions module reads and extends it only through these functions.
 * Expiring: within SUBSCRIPTION_WARNING_DAYS of the end; expired: past it; locked: expired for more
 * than SUBSCRIPTION_GRACE_DAYS, when the console's remote control of the machine waits for a renewal.
 */

const DAY_MS = 86_400_000;

/** The instants the states turn on, as seen at `now`. */
function boundaries(now: Date) {
  return {
    now,
    soon: new Date(now.getTime() + SUBSCRIPTION_WARNING_DAYS * DAY_MS),
    lockedBefore: new Date(now.getTime() - SUBSCRIPTION_GRACE_DAYS * DAY_MS),
  };
}

const ends = devices.subscriptionExpiresAt;

export function expiredWhere(now: Date): SQL {
  return and(isNotNull(ends), lte(ends, now)) as SQL;
}

export function expiringWhere(now: Date): SQL {
  return and(gt(ends, now), lte(ends, boundaries(now).soon)) as SQL;
}

/** The state a machine's end date gives at `now`: a machine without one is active (nothing ends). */
export function subscriptionStateOf(endsAt: Date | null, now: Date) {
  const { soon, lockedBefore } = boundaries(now);
  if (endsAt === null || endsAt > soon) return { state: "active" as const, locked: false };
  if (endsAt > now) return { state: "expiring" as const, locked: false };
  return { state: "expired" as const, locked: endsAt <= lockedBefore };
}

const listColumns = {
  id: devices.id,
  serial: devices.serialNumber,
  name: devices.name,
  machineType: devices.machineType,
  shopName: shopNameOf(devices.shopId),
  endsAt: ends,
  endsKey: sql<string | null>`case when ${ends} is null then null else ${keysetAt(ends)} end`,
};
type ListRow = { id: number; endsKey: string | null };

/** The renewal screen's list: the vendor's machines in a state, soonest end first. */
export async function subscriptionDevicePage(
  db: Db,
  tenant: VendorTenant,
  input: z.output<typeof subscriptionDevicesRequest>,
  now = new Date(),
) {
  const conditions: (SQL | undefined)[] = [tenant.owns(devices)];
  if (input.state === "expired") conditions.push(expiredWhere(now));
  if (input.state === "expiring") conditions.push(expiringWhere(now));
  if (input.keyword) {
    const text = likeText(input.keyword);
    conditions.push(or(ilike(devices.serialNumber, text), ilike(devices.name, text)));
  }
  const page = await listPage({
    where: and(...conditions),
    keyset: endsKeyset({ endsAt: ends, id: devices.id }, (row: ListRow) => ({ at: row.endsKey, id: row.id })),
    input,
    rows: rowsFrom((total) => db.select({ ...listColumns, total }).from(devices)),
    count: countOf(devices),
  });
  const items: SubscriptionDevice[] = page.rows.map((row) => ({
    device_id: row.id,
    serial: row.serial,
    name: row.name,
    machine_type: row.machineType as SubscriptionDevice["machine_type"],
    shop_name: row.shopName,
    expires_at: toSeconds(row.endsAt),
    ...subscriptionStateOf(row.endsAt, now),
  }));
  return { items, total: page.total, next_cursor: page.next_cursor };
}

/** The renewal screen's tab counts. */
export async function subscriptionDeviceCounts(
  db: Db,
  tenant: VendorTenant,
  now = new Date(),
): Promise<SubscriptionDeviceCounts> {
  const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({ all: count(), expiring: countWhere(expiringWhere(now)), expired: countWhere(expiredWhere(now)) })
    .from(devices)
    .where(tenant.owns(devices));
  return { all: row?.all ?? 0, expiring: row?.expiring ?? 0, expired: row?.expired ?? 0 };
}

export interface SubscribedMachine {
  id: number;
  serial: string;
  name: string;
  shopName: string | null;
  endsAt: Date | null;
}

/** Machines of the vendor by id; NOT_FOUND when any is not its own (another vendor's stays unseen). */
export async function vendorMachines(db: Db | Tx, tenant: VendorTenant, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows: SubscribedMachine[] = await db
    .select({
      id: devices.id,
      serial: devices.serialNumber,
      name: devices.name,
      shopName: shopNameOf(devices.shopId),
      endsAt: ends,
    })
    .from(devices)
    .where(and(tenant.owns(devices), inArray(devices.id, [...ids])))
    .orderBy(devices.id);
  if (rows.length !== new Set(ids).size) throw new AppError("NOT_FOUND");
  return rows;
}

/**
 * Sets each machine's new end date from its current one, in the caller's transaction: the rows are
 * locked first (in id order, so two renewals of overlapping machines never deadlock), and `until`
 * computes each new end from the end it read under the lock. Answers each machine's before and after.
 */
export async function extendSubscriptions(
  tx: Tx,
  vendorId: number,
  ids: readonly number[],
  until: (current: Date | null) => Date,
): Promise<{ id: number; before: Date | null; after: Date }[]> {
  if (ids.length === 0) return [];
  const locked = await tx
    .select({ id: devices.id, endsAt: ends })
    .from(devices)
    .where(and(tenantOfVendor(vendorId).owns(devices), inArray(devices.id, [...ids])))
    .orderBy(devices.id)
    .for("update");
  const changes = locked.map((row) => ({ id: row.id, before: row.endsAt, after: until(row.endsAt) }));
  for (const change of changes) {
    await tx.update(devices).set({ subscriptionExpiresAt: change.after }).where(eq(devices.id, change.id));
  }
  return changes;
}

/** How many serials a refusal names before "…". */
const NAMED_IN_REFUSAL = 5;

/**
 * Refuses the console's remote control of machines expired beyond the grace period
 * (SUBSCRIPTION_EXPIRED, naming them). Customers' payments, the machine's own reports and cash-box
 * audits never come through here.
 */
export async function refuseLockedMachines(db: Db, vendorId: number, ids: readonly number[], now = new Date()) {
  if (ids.length === 0) return;
  const rows = await db
    .select({ serial: devices.serialNumber })
    .from(devices)
    .where(and(tenantOfVendor(vendorId).owns(devices), inArray(devices.id, [...ids]), lockedWhere(now)))
    .orderBy(devices.serialNumber)
    .limit(NAMED_IN_REFUSAL + 1);
  if (rows.length === 0) return;
  const named = rows.slice(0, NAMED_IN_REFUSAL).map((row) => row.serial);
  const list = rows.length > NAMED_IN_REFUSAL ? `${named.join(", ")}, …` : named.join(", ");
  throw new AppError("SUBSCRIPTION_EXPIRED", { params: { devices: list } });
}

/** Machines expired beyond the grace period at `now`. */
export function lockedWhere(now: Date): SQL {
  return and(isNotNull(ends), lte(ends, boundaries(now).lockedBefore)) as SQL;
}

/** A machine as a renewal order's line shows it; `ends_at` in epoch seconds. */
export interface OrderedMachine {
  serial: string;
  name: string;
  shop_name: string | null;
  ends_at: number | null;
}

/**
 * The machine `deviceId` names while the vendor `vendorId` names still owns it, as one expression per
 * row of another module's list (a renewal order's lines); null once it is another vendor's, whose
 * names and shops are never shown.
 */
export function ownedMachineOf(deviceId: AnyColumn, vendorId: AnyColumn): SQL<OrderedMachine | null> {
  return sql<OrderedMachine | null>`(select json_build_object(
      'serial', ${devices.serialNumber}, 'name', ${devices.name}, 'shop_name', ${shopNameOf(devices.shopId)},
      'ends_at', floor(extract(epoch from ${ends}))::bigint)
    from ${devices} where ${devices.id} = ${deviceId} and ${devices.vendorId} = ${vendorId})`;
}
