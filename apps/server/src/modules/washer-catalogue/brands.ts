import type {
  WasherBrandItem,
  washerBrandCreateRequest,
  washerBrandListRequest,
  washerBrandModifyRequest,
} from "@washboard/shared";
import { and, count, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { assertOwnRow, originCondition } from "./ownership.js";
import { washerBrands, washerModels } from "./tables.js";

type Fields = z.output<typeof washerBrandCreateRequest>;

/** The brand's models the vendor sees, counted in the same query as the brand. */
function modelCount(vendorId: number) {
  return sql<number>`(select count(*)::int from ${washerModels} where ${qualified(washerModels.brandId)} = ${qualified(washerBrands.id)} and (${qualified(washerModels.vendorId)} is null or ${qualified(washerModels.vendorId)} = ${vendorId}))`;
}

function itemColumns(vendorId: number) {
  return {
    id: washerBrands.id,
    vendorId: washerBrands.vendorId,
    manufacturer: washerBrands.manufacturer,
    brand: washerBrands.brand,
    alias: washerBrands.alias,
    logoUrl: washerBrands.logoUrl,
    createdAt: washerBrands.createdAt,
    modelCount: modelCount(vendorId),
  };
}

type ItemRow = {
  id: number;
  vendorId: number | null;
  manufacturer: string;
  brand: string;
  alias: string;
  logoUrl: string;
  createdAt: Date;
  modelCount: number;
};

function toItem(row: ItemRow): WasherBrandItem {
  return {
    id: row.id,
    manufacturer: row.manufacturer,
    brand: row.brand,
    alias: row.alias,
    logo_url: row.logoUrl,
    editable: row.vendorId !== null,
    model_count: Number(row.modelCount),
    created_at: toSeconds(row.createdAt),
  };
}

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<WasherBrandItem> {
  const [row] = await db
    .select(itemColumns(tenant.vendorId))
    .from(washerBrands)
    .where(and(eq(washerBrands.id, id), tenant.sees(washerBrands)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

export async function listWasherBrands(db: Db, scope: TenantScope, input: z.output<typeof washerBrandListRequest>) {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  const conditions: (SQL | undefined)[] = [
    tenant.sees(washerBrands),
    originCondition(washerBrands.vendorId, input.origin),
  ];
  if (input.name) {
    const pattern = likeText(input.name);
    conditions.push(
      or(
        ilike(washerBrands.manufacturer, pattern),
        ilike(washerBrands.brand, pattern),
        ilike(washerBrands.alias, pattern),
      ),
    );
  }
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(input.sort, { id: washerBrands.id, name: washerBrands.brand }, (row: ItemRow) => ({
      id: row.id,
      name: row.brand,
    })),
    input,
    rows: rowsFrom((total) => db.select({ ...itemColumns(vendorId), total }).from(washerBrands)),
    count: countOf(washerBrands),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

function columnsOf(input: Fields) {
  return { manufacturer: input.manufacturer, brand: input.brand, alias: input.alias, logoUrl: input.logo_url };
}

export async function createWasherBrand(db: Db, scope: TenantScope, input: Fields): Promise<WasherBrandItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(washerBrands)
        .values({ vendorId, ...columnsOf(input) })
        .returning({ id: washerBrands.id }),
    "brand",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemById(db, tenant, row.id);
}

export async function modifyWasherBrand(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof washerBrandModifyRequest>,
): Promise<WasherBrandItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await assertOwnRow(db, washerBrands, washerBrands, input.id, vendorId);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(washerBrands)
        .set(columnsOf(input))
        .where(and(eq(washerBrands.id, input.id), tenant.owns(washerBrands)))
        .returning({ id: washerBrands.id }),
    "brand",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

async function modelsOf(db: Db, brandId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(washerModels).where(eq(washerModels.brandId, brandId));
  return row?.n ?? 0;
}

function brandHasModels(models: number): AppError {
  return new AppError("HAS_DEPENDENTS", { messageKey: "washerCatalogue.brandHasModels", params: { models } });
}

/**
 * Removes a brand of the vendor that has no models. The foreign key decides (a model added
 * concurrently still blocks it); the count only says how many are in the way.
 */
export async function removeWasherBrand(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await assertOwnRow(db, washerBrands, washerBrands, id, vendorId);
  const models = await modelsOf(db, id);
  if (models > 0) throw brandHasModels(models);
  try {
    const [row] = await db
      .delete(washerBrands)
      .where(and(eq(washerBrands.id, id), tenant.owns(washerBrands)))
      .returning({ id: washerBrands.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw brandHasModels(await modelsOf(db, id));
    throw error;
  }
}
