import type {
  LocationItem,
  locationCreateRequest,
  locationListRequest,
  locationListResult,
  locationModifyRequest,
} from "@washboard/shared";
import { and, count, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/name-sort.js";
import { qualified } from "../../platform/db/qualified.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { shops } from "../shops/tables.js";
import { locations } from "./tables.js";

type Fields = z.output<typeof locationCreateRequest>;

/** How many shops are in the location, counted in the same query as the location. */
const shopCount = sql<number>`(select count(*)::int from ${shops} where ${qualified(shops.locationId)} = ${qualified(locations.id)})`;

const itemColumns = {
  id: locations.id,
  name: locations.name,
  address: locations.address,
  createdAt: locations.createdAt,
  shopCount,
};

type ItemRow = { id: number; name: string; address: string; createdAt: Date; shopCount: number };

function toItem(row: ItemRow): LocationItem {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    shop_count: Number(row.shopCount),
    created_at: toSeconds(row.createdAt),
  };
}

async function itemById(db: Db, vendorId: number, id: number): Promise<LocationItem> {
  const [row] = await db
    .select(itemColumns)
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.vendorId, vendorId)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

export async function listLocations(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof locationListRequest>,
): Promise<z.input<typeof locationListResult>> {
  const vendorId = ownVendor(scope);
  const conditions: (SQL | undefined)[] = [eq(locations.vendorId, vendorId)];
  if (input.name) conditions.push(ilike(locations.name, likeText(input.name)));
  const filtered = and(...conditions);
  const order = nameKeyset(input.sort, { id: locations.id, name: locations.name });
  const rows = await db
    .select(itemColumns)
    .from(locations)
    .where(input.cursor ? and(filtered, order.after(input.cursor)) : filtered)
    .orderBy(...order.orderBy)
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(locations).where(filtered);
  const { page, next } = order.page(rows, input.page_size, (row) => row);
  return {
    items: page.map(toItem),
    total: total?.n ?? 0,
    next_cursor: next,
  };
}

export async function createLocation(db: Db, scope: TenantScope, input: Fields): Promise<LocationItem> {
  const vendorId = ownVendor(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(locations)
        .values({ vendorId, name: input.name, address: input.address })
        .returning({ id: locations.id }),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemById(db, vendorId, row.id);
}

export async function modifyLocation(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof locationModifyRequest>,
): Promise<LocationItem> {
  const vendorId = ownVendor(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(locations)
        .set({ name: input.name, address: input.address })
        .where(and(eq(locations.id, input.id), eq(locations.vendorId, vendorId)))
        .returning({ id: locations.id }),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, vendorId, row.id);
}

/**
 * Removes a location of the vendor. Refused while shops are in it: the foreign key decides (a shop
 * moved in concurrently still blocks it); the count only says how many are in the way.
 */
export async function removeLocation(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const vendorId = ownVendor(scope);
  const refuse = async (): Promise<never> => {
    const { shop_count } = await itemById(db, vendorId, id);
    throw new AppError("HAS_DEPENDENTS", { messageKey: "locations.hasShops", params: { shops: shop_count } });
  };
  const current = await itemById(db, vendorId, id);
  if (current.shop_count > 0) return refuse();
  let removed: { id: number } | undefined;
  try {
    [removed] = await db
      .delete(locations)
      .where(and(eq(locations.id, id), eq(locations.vendorId, vendorId)))
      .returning({ id: locations.id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return removed;
}
