import type {
  WasherModelItem,
  washerModelCreateRequest,
  washerModelListRequest,
  washerModelModifyRequest,
} from "@washboard/shared";
import { and, eq, ilike, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, SelectedFields } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { assertOwnRow, originCondition } from "./ownership.js";
import { controlTemplates, washerBrands, washerModels } from "./tables.js";

type Fields = z.output<typeof washerModelCreateRequest>;

const itemColumns = {
  id: washerModels.id,
  vendorId: washerModels.vendorId,
  brandId: washerModels.brandId,
  brand: washerBrands.brand,
  name: washerModels.name,
  machineType: washerModels.machineType,
  controlTemplateId: washerModels.controlTemplateId,
  controlTemplate: controlTemplates.name,
  createdAt: washerModels.createdAt,
};

type ItemRow = {
  id: number;
  vendorId: number | null;
  brandId: number;
  brand: string;
  name: string;
  machineType: string;
  controlTemplateId: number | null;
  controlTemplate: string | null;
  createdAt: Date;
};

function toItem(row: ItemRow): WasherModelItem {
  return {
    id: row.id,
    brand_id: row.brandId,
    brand: row.brand,
    name: row.name,
    machine_type: row.machineType,
    control_template_id: row.controlTemplateId,
    control_template: row.controlTemplate,
    editable: row.vendorId !== null,
    created_at: toSeconds(row.createdAt),
  };
}

/** Models with their brand's and control template's names (and `more` columns: a list's total). */
function selectItems<More extends SelectedFields>(db: Db, more = {} as More) {
  return db
    .select({ ...itemColumns, ...more })
    .from(washerModels)
    .innerJoin(washerBrands, eq(washerBrands.id, washerModels.brandId))
    .leftJoin(controlTemplates, eq(controlTemplates.id, washerModels.controlTemplateId));
}

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<WasherModelItem> {
  const [row] = await selectItems(db).where(and(eq(washerModels.id, id), tenant.sees(washerModels)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

export async function listWasherModels(db: Db, scope: TenantScope, input: z.output<typeof washerModelListRequest>) {
  const tenant = vendorTenant(scope);
  const conditions: (SQL | undefined)[] = [
    tenant.sees(washerModels),
    originCondition(washerModels.vendorId, input.origin),
  ];
  if (input.brand_id !== undefined) conditions.push(eq(washerModels.brandId, input.brand_id));
  if (input.name) conditions.push(ilike(washerModels.name, likeText(input.name)));
  if (input.machine_type) conditions.push(eq(washerModels.machineType, input.machine_type));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(input.sort, { id: washerModels.id, name: washerModels.name }, (row: ItemRow) => row),
    input,
    rows: rowsFrom((total) => selectItems(db, { total })),
    count: countOf(washerModels),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

/**
 * A model's brand and control template must be rows the vendor sees (starter or its own); any
 * other id answers NOT_FOUND on that field.
 */
async function checkReferences(db: Db, tenant: VendorTenant, input: Fields): Promise<void> {
  const [brand] = await db
    .select({ id: washerBrands.id })
    .from(washerBrands)
    .where(and(eq(washerBrands.id, input.brand_id), tenant.sees(washerBrands)));
  if (!brand) throw new AppError("NOT_FOUND", { field: "brand_id" });
  if (input.control_template_id === null) return;
  const [template] = await db
    .select({ id: controlTemplates.id })
    .from(controlTemplates)
    .where(and(eq(controlTemplates.id, input.control_template_id), tenant.sees(controlTemplates)));
  if (!template) throw new AppError("NOT_FOUND", { field: "control_template_id" });
}

function columnsOf(input: Fields) {
  return {
    brandId: input.brand_id,
    name: input.name,
    machineType: input.machine_type,
    controlTemplateId: input.control_template_id,
  };
}

/** Runs a write of a model: a duplicate name is RECORD_EXISTS, a reference removed meanwhile NOT_FOUND. */
async function writeModel<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await recordExistsOnDuplicate(work, "name");
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("NOT_FOUND");
    throw error;
  }
}

export async function createWasherModel(db: Db, scope: TenantScope, input: Fields): Promise<WasherModelItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await checkReferences(db, tenant, input);
  const [row] = await writeModel(() =>
    db
      .insert(washerModels)
      .values({ vendorId, ...columnsOf(input) })
      .returning({ id: washerModels.id }),
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemById(db, tenant, row.id);
}

export async function modifyWasherModel(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof washerModelModifyRequest>,
): Promise<WasherModelItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await assertOwnRow(db, washerModels, washerModels, input.id, vendorId);
  await checkReferences(db, tenant, input);
  const [row] = await writeModel(() =>
    db
      .update(washerModels)
      .set(columnsOf(input))
      .where(and(eq(washerModels.id, input.id), tenant.owns(washerModels)))
      .returning({ id: washerModels.id }),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

export async function removeWasherModel(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await assertOwnRow(db, washerModels, washerModels, id, vendorId);
  const [row] = await db
    .delete(washerModels)
    .where(and(eq(washerModels.id, id), tenant.owns(washerModels)))
    .returning({ id: washerModels.id });
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
