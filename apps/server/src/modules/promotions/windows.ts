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
import { tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import type { PriceWindow } from "./engine.js";
import { checkScope } from "./scope.js";
import { priceWindows } from "./tables.js";

type Row = typeof priceWindows.$inferSelect;
type Fields = z.output<typeof priceWindowCreateRequest>;
const windowColumns = getTableColumns(priceWindows);

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
const minuteOf = (time: string) => {
  const [hours, minutes] = time.split(":").map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

function toItem(row: Row): PriceWindowItem {
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
    created_at: toSeconds(row.createdAt),
  };
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
    keyset: idKeyset(priceWindows.id, (r: Row) => r.id),
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

export async function createPriceWindow(db: Db, scope: TenantScope, input: Fields): Promise<PriceWindowItem> {
  const [row] = await db
    .insert(priceWindows)
    .values({ vendorId: vendorTenant(scope).vendorId, ...(await columnsOf(db, scope, input)) })
    .returning();
  if (!row) throw new AppError("INTERNAL_ERROR");
  return toItem(row);
}

export async function modifyPriceWindow(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceWindowModifyRequest>,
): Promise<PriceWindowItem> {
  const columns = await columnsOf(db, scope, input);
  const [row] = await db
    .update(priceWindows)
    .set(columns)
    .where(and(eq(priceWindows.id, input.id), vendorTenant(scope).ownsRule(priceWindows)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  return toItem(row);
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
      'from', to_char(make_time(${w.fromMinute} / 60, ${w.fromMinute} % 60, 0), 'HH24:MI'),
      'to', to_char(make_time(${w.toMinute} / 60, ${w.toMinute} % 60, 0), 'HH24:MI'),
      'shopIds', nullif(${w.shopIds}, '{}'), 'machineTypes', nullif(${w.machineTypes}, '{}'),
      'change', case when ${w.price} is not null then json_build_object('price', ${w.price})
        else json_build_object('percentOff', ${w.percentOff}) end))), '[]'::json)
    from ${w} where ${where})`;
}
