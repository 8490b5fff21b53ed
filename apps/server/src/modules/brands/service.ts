import type {
  BrandItem,
  brandCreateRequest,
  brandListRequest,
  brandListResult,
  brandModifyRequest,
} from "@washboard/shared";
import { and, count, eq, getTableColumns, ilike, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { brandLimitOf, groupPlan, groupTenant, lockGroup } from "../tenancy/public.js";
import { checkImages } from "../uploads/public.js";
import { brandShopCount } from "./ports.js";
import { brands } from "./tables.js";

type BrandRow = typeof brands.$inferSelect;
type Fields = z.output<typeof brandCreateRequest>;

export function toBrandItem(row: BrandRow): BrandItem {
  return {
    id: row.id,
    name: row.name,
    longitude: Number(row.longitude),
    latitude: Number(row.latitude),
    service_time: row.serviceTime,
    country: row.country,
    province: row.province,
    city: row.city,
    address: row.address,
    manager: row.manager,
    region: row.region,
    contact_phone: row.contactPhone,
    icon: row.icon,
    logo: row.logo,
    status: row.status === 1 ? 1 : 0,
    created_at: toSeconds(row.createdAt),
  };
}

async function columnsOf(db: Db, groupId: number, input: Fields) {
  return {
    name: input.name,
    longitude: String(input.longitude),
    latitude: String(input.latitude),
    serviceTime: input.service_time,
    country: input.country,
    province: input.province,
    city: input.city,
    address: input.address,
    manager: input.manager,
    region: input.region,
    contactPhone: input.contact_phone,
    icon: await checkImages(db, { groupId }, "brand.icon", "icon", input.icon),
    logo: await checkImages(db, { groupId }, "brand.logo", "logo", input.logo),
    status: input.status,
  };
}

export async function listBrands(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof brandListRequest>,
): Promise<z.input<typeof brandListResult>> {
  const tenant = groupTenant(scope);
  const conditions: (SQL | undefined)[] = [tenant.owns(brands)];
  if (input.name) conditions.push(ilike(brands.name, likeText(input.name)));
  if (input.status !== undefined) conditions.push(eq(brands.status, input.status));
  // The group's cap comes with the page's rows (a page with none asks for it alone).
  const brandLimit = brandLimitOf(tenant.groupId);
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(brands.id, (row: BrandRow) => row.id),
    input,
    rows: rowsFrom((total) => db.select({ ...getTableColumns(brands), total, brandLimit }).from(brands)),
    count: countOf(brands),
  });
  return {
    items: page.rows.map(toBrandItem),
    total: page.total,
    next_cursor: page.next_cursor,
    brand_limit: page.rows[0]?.brandLimit ?? (await groupPlan(db, tenant.groupId)).brandLimit,
  };
}

/**
 * Creates a brand within the group's cap. The group's row is locked for the transaction, so two
 * creations at one below the cap take turns and the second sees the first: exactly one succeeds.
 */
export async function createBrand(db: Db, scope: TenantScope, input: Fields): Promise<BrandItem> {
  const tenant = groupTenant(scope);
  const values = await columnsOf(db, tenant.groupId, input);
  const row = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const group = await lockGroup(tx, tenant.groupId);
        const [existing] = await tx.select({ n: count() }).from(brands).where(tenant.owns(brands));
        if ((existing?.n ?? 0) >= group.brandLimit) throw new AppError("BRAND_LIMIT");
        const [created] = await tx
          .insert(brands)
          .values({ groupId: tenant.groupId, ...values })
          .returning();
        return created;
      }),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return toBrandItem(row);
}

export async function modifyBrand(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof brandModifyRequest>,
): Promise<BrandItem> {
  const tenant = groupTenant(scope);
  const values = await columnsOf(db, tenant.groupId, input);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(brands)
        .set(values)
        .where(and(eq(brands.id, input.id), tenant.owns(brands)))
        .returning(),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return toBrandItem(row);
}

export async function setBrandStatus(db: Db, scope: TenantScope, id: number, status: 0 | 1): Promise<BrandItem> {
  const [row] = await db
    .update(brands)
    .set({ status })
    .where(and(eq(brands.id, id), groupTenant(scope).owns(brands)))
    .returning();
  if (!row) throw new AppError("NOT_FOUND");
  return toBrandItem(row);
}

/** Removes a brand of the group; refused while shops of its vendors carry it (the foreign key decides). */
export async function removeBrand(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  let row: { id: number } | undefined;
  try {
    [row] = await db
      .delete(brands)
      .where(and(eq(brands.id, id), groupTenant(scope).owns(brands)))
      .returning({ id: brands.id });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const used = await scalar(db, brandShopCount.use()(id));
    throw new AppError("HAS_DEPENDENTS", { messageKey: "brands.usedByShops", params: { shops: used } });
  }
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
