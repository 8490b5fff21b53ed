import type {
  ControlTemplateItem,
  controlTemplateCreateRequest,
  controlTemplateListRequest,
  controlTemplateModifyRequest,
} from "@washboard/shared";
import { and, count, eq, ilike, type SQL, sql } from "drizzle-orm";
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
import { controlTemplates, washerModels } from "./tables.js";

type Fields = z.output<typeof controlTemplateCreateRequest>;

/** Models the vendor sees that use the template, counted in the same query as the template. */
function modelCount(vendorId: number) {
  return sql<number>`(select count(*)::int from ${washerModels} where ${qualified(washerModels.controlTemplateId)} = ${qualified(controlTemplates.id)} and (${qualified(washerModels.vendorId)} is null or ${qualified(washerModels.vendorId)} = ${vendorId}))`;
}

function itemColumns(vendorId: number) {
  return {
    id: controlTemplates.id,
    vendorId: controlTemplates.vendorId,
    name: controlTemplates.name,
    dataHead: controlTemplates.dataHead,
    dataBody: controlTemplates.dataBody,
    createdAt: controlTemplates.createdAt,
    modelCount: modelCount(vendorId),
  };
}

type ItemRow = {
  id: number;
  vendorId: number | null;
  name: string;
  dataHead: string;
  dataBody: string;
  createdAt: Date;
  modelCount: number;
};

function toItem(row: ItemRow): ControlTemplateItem {
  return {
    id: row.id,
    name: row.name,
    data_head: row.dataHead,
    data_body: row.dataBody,
    editable: row.vendorId !== null,
    model_count: Number(row.modelCount),
    created_at: toSeconds(row.createdAt),
  };
}

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<ControlTemplateItem> {
  const [row] = await db
    .select(itemColumns(tenant.vendorId))
    .from(controlTemplates)
    .where(and(eq(controlTemplates.id, id), tenant.sees(controlTemplates)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(row);
}

export async function listControlTemplates(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof controlTemplateListRequest>,
) {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  const conditions: (SQL | undefined)[] = [
    tenant.sees(controlTemplates),
    originCondition(controlTemplates.vendorId, input.origin),
  ];
  if (input.name) conditions.push(ilike(controlTemplates.name, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(input.sort, { id: controlTemplates.id, name: controlTemplates.name }, (row: ItemRow) => row),
    input,
    rows: rowsFrom((total) => db.select({ ...itemColumns(vendorId), total }).from(controlTemplates)),
    count: countOf(controlTemplates),
  });
  return { items: page.rows.map(toItem), total: page.total, next_cursor: page.next_cursor };
}

function columnsOf(input: Fields) {
  return { name: input.name, dataHead: input.data_head, dataBody: input.data_body };
}

export async function createControlTemplate(db: Db, scope: TenantScope, input: Fields): Promise<ControlTemplateItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(controlTemplates)
        .values({ vendorId, ...columnsOf(input) })
        .returning({ id: controlTemplates.id }),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return itemById(db, tenant, row.id);
}

export async function modifyControlTemplate(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof controlTemplateModifyRequest>,
): Promise<ControlTemplateItem> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await assertOwnRow(db, controlTemplates, controlTemplates, input.id, vendorId);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(controlTemplates)
        .set(columnsOf(input))
        .where(and(eq(controlTemplates.id, input.id), tenant.owns(controlTemplates)))
        .returning({ id: controlTemplates.id }),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, tenant, row.id);
}

async function modelsUsing(db: Db, templateId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(washerModels)
    .where(eq(washerModels.controlTemplateId, templateId));
  return row?.n ?? 0;
}

function templateInUse(models: number): AppError {
  return new AppError("HAS_DEPENDENTS", { messageKey: "washerCatalogue.templateHasModels", params: { models } });
}

/** Removes a control template of the vendor no model uses; the foreign key decides under races. */
export async function removeControlTemplate(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  await assertOwnRow(db, controlTemplates, controlTemplates, id, vendorId);
  const models = await modelsUsing(db, id);
  if (models > 0) throw templateInUse(models);
  try {
    const [row] = await db
      .delete(controlTemplates)
      .where(and(eq(controlTemplates.id, id), tenant.owns(controlTemplates)))
      .returning({ id: controlTemplates.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw templateInUse(await modelsUsing(db, id));
    throw error;
  }
}
