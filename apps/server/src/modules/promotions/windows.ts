import type {
  PriceWindowItem,
  priceWindowCreateRequest,
  priceWindowListRequest,
  priceWindowListResult,
  priceWindowModifyRequest,
} from "@washboard/shared";
import { and, eq, getTableColumns, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { reportsParams } from "../devices/public.js";
import { tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import type { PriceWindow } from "./engine.js";
import { assertMachinesHoldWindows } from "./machine-prices.js";
import { checkScope } from "./scope.js";
import { machineTimePrices, priceWindows } from "./tables.js";

type Row = typeof priceWindows.$inferSelect;
type Fields = z.output<typeof priceWindowCreateRequest>;
const m = machineTimePrices;
/** A window with the machines its last push reached, and how many of them applied it, counted in the same query. */
const windowColumns = {
  ...getTableColumns(priceWindows),
  machines: sql<number>`(select count(*)::int from ${m} where ${priceWindows.id} = any(${m.windowIds}))`.mapWith(
    Number,
  ),
  applied: sql<number>`(select count(*)::int from ${m} where ${priceWindows.id} = any(${m.windowIds})
    and ${reportsParams(m.deviceId, m.params)})`.mapWith(Number),
};
type ItemRow = Row & { machines: number; applied: number };

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
const minuteOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

function toItem(row: ItemRow): PriceWindowItem {
  return {
    id: row.id,
    name: row.name,
    days: row.days,
    from: clock(row.fromMinute),
    to: clock(row.toMinute),
    shop_ids: row.shopIds,
    machine_types: row.machineTypes,
    change:
      row.price !== null
        ? { mode: "price", price: row.price }
        : { mode: "percent_off", percent_off: row.percentOff ?? 0 },
    enabled: row.enabled,
    machines: row.machines,
    applied: row.applied,
    created_at: toSeconds(row.createdAt),
  };
}

/** A window as the list shows it, with its machines counted now. */
export async function windowById(db: Db, id: number): Promise<PriceWindowItem> {
  const [row] = await db.select(windowColumns).from(priceWindows).where(eq(priceWindows.id, id));
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return toItem(row);
}

export async function listPriceWindows(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceWindowListRequest>,
): Promise<z.input<typeof priceWindowListResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).ownsRule(priceWindows)];
  if (input.name) conditions.push(ilike(priceWindows.name, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(priceWindows.id, (r: ItemRow) => r.id),
    input,
    rows: rowsFrom((total) => db.select({ ...windowColumns, total }).from(priceWindows)),
    count: countOf(priceWindows),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

async function columnsOf(db: Db, scope: TenantScope, input: Fields) {
  return {
    name: input.name,
    days: input.days,
    fromMinute: minuteOf(input.from),
    toMinute: minuteOf(input.to),
    percentOff: input.change.mode === "percent_off" ? input.change.percent_off : null,
    price: input.change.mode === "price" ? input.change.price : null,
    shopIds: await checkScope(db, vendorTenant(scope), input.shop_ids),
    machineTypes: [...new Set(input.machine_types)],
    enabled: input.enabled,
  };
}

/**
 * Creates a window, in a transaction that refuses it when a machine would then hold more than a
 * machine can (the caller then pushes the machines their new parameters).
 */
export async function createPriceWindow(db: Db, scope: TenantScope, input: Fields): Promise<PriceWindowItem> {
  const tenant = vendorTenant(scope);
  const columns = await columnsOf(db, scope, input);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(priceWindows)
      .values({ vendorId: tenant.vendorId, ...columns })
      .returning({ id: priceWindows.id });
    if (!row) throw new AppError("INTERNAL_ERROR");
    await assertMachinesHoldWindows(tx, tenant.vendorId);
    return row.id;
  });
  return windowById(db, id);
}

export async function modifyPriceWindow(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceWindowModifyRequest>,
): Promise<PriceWindowItem> {
  const tenant = vendorTenant(scope);
  const columns = await columnsOf(db, scope, input);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(priceWindows)
      .set(columns)
      .where(and(eq(priceWindows.id, input.id), tenant.ownsRule(priceWindows)))
      .returning({ id: priceWindows.id });
    if (!row) throw new AppError("NOT_FOUND", { field: "id" });
    await assertMachinesHoldWindows(tx, tenant.vendorId);
  });
  return windowById(db, input.id);
}

export async function removePriceWindow(db: Db, scope: TenantScope, id: number) {
  const [row] = await db
    .delete(priceWindows)
    .where(and(eq(priceWindows.id, id), vendorTenant(scope).ownsRule(priceWindows)))
    .returning({ id: priceWindows.id });
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return { id };
}

/** A vendor's switched-on windows as the pricing engine reads them, as one expression of a statement. */
export function enabledWindowsOf(vendorId: number): SQL<PriceWindow[]> {
  const w = priceWindows;
  const where = and(tenantOfVendor(vendorId).owns(w), eq(w.enabled, true));
  // An empty scope list is every shop or type: the engine reads an absent list so.
  return sql<PriceWindow[]>`(select coalesce(json_agg(json_strip_nulls(json_build_object(
      'id', ${w.id}, 'name', ${w.name}, 'days', ${w.days},
      'fromMinute', ${w.fromMinute}, 'toMinute', ${w.toMinute},
      'shopIds', nullif(${w.shopIds}, '{}'), 'machineTypes', nullif(${w.machineTypes}, '{}'),
      'change', case when ${w.price} is not null then json_build_object('price', ${w.price})
        else json_build_object('percentOff', ${w.percentOff}) end))), '[]'::json)
    from ${w} where ${where})`;
}
