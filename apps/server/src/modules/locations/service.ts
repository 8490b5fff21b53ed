import type {
  LocationItem,
  locationCreateRequest,
  locationListRequest,
  locationListResult,
  locationModifyRequest,
} from "@washboard/shared";
import { and, eq, ilike, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { locationShopCount } from "./ports.js";
import { locations } from "./tables.js";

type Fields = z.output<typeof locationCreateRequest>;

/** A location row of the list (a function: the shop count comes through a port wired at build). */
const itemColumns = () => ({
  id: locations.id,
  name: locations.name,
  address: locations.address,
  createdAt: locations.createdAt,
  shopCount: locationShopCount.use()(locations.id),
});

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

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<LocationItem> {
  const [row] = await db
    .select(itemColumns())
    .from(locations)
    .where(and(eq(locations.id, id), tenant.owns(locations)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

export async function listLocations(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof locationListRequest>,
): Promise<z.input<typeof locationListResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(locations)];
  if (input.name) conditions.push(ilike(locations.name, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(input.sort, { id: locations.id, name: locations.name }, (row: ItemRow) => row),
    input,
    rows: rowsFrom((total) => db.select({ ...itemColumns(), total }).from(locations)),
    count: countOf(locations),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

export async function createLocation(db: Db, scope: TenantScope, input: Fields): Promise<LocationItem> {
  const tenant = vendorTenant(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(locations)
        .values({ vendorId: tenant.vendorId, name: input.name, address: input.address })
        .returning({ id: locations.id }),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemById(db, tenant, row.id);
}

export async function modifyLocation(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof locationModifyRequest>,
): Promise<LocationItem> {
  const tenant = vendorTenant(scope);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(locations)
        .set({ name: input.name, address: input.address })
        .where(and(eq(locations.id, input.id), tenant.owns(locations)))
        .returning({ id: locations.id }),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

/**
 * Removes a location of the vendor. Refused while shops are in it: the foreign key decides (a shop
 * moved in concurrently still blocks it); the count only says how many are in the way.
 */
export async function removeLocation(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const tenant = vendorTenant(scope);
  const refuse = async (): Promise<never> => {
    const { shop_count } = await itemById(db, tenant, id);
    throw new AppError("HAS_DEPENDENTS", { messageKey: "locations.hasShops", params: { shops: shop_count } });
  };
  const current = await itemById(db, tenant, id);
  if (current.shop_count > 0) return refuse();
  let removed: { id: number } | undefined;
  try {
    [removed] = await db
      .delete(locations)
      .where(and(eq(locations.id, id), tenant.owns(locations)))
      .returning({ id: locations.id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return removed;
}
