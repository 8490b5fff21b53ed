import {
  LIMITS,
  type PriceTemplateItem,
  type PriceTemplateOption,
  type priceTemplateAssignRequest,
  type priceTemplateCreateRequest,
  type priceTemplateListRequest,
  type priceTemplateListResult,
  type priceTemplateModifyRequest,
} from "@washboard/shared";
import { and, asc, count, eq, ilike, inArray, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/name-sort.js";
import { qualified } from "../../platform/db/qualified.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { devices } from "../devices/tables.js";
import { vendors } from "../tenancy/tables.js";
import { checkImages } from "../uploads/images.js";
import { priceTemplateOptions, priceTemplates } from "./tables.js";

type Fields = z.output<typeof priceTemplateCreateRequest>;
type TemplateRow = typeof priceTemplates.$inferSelect;
/** A transaction or the database: both take the same queries. */

/** Devices running the template, counted in the same query as the template. */
const deviceCount = sql<number>`(select count(*)::int from ${devices} where ${qualified(devices.priceTemplateId)} = ${qualified(priceTemplates.id)})`;

const itemColumns = {
  template: priceTemplates,
  deviceCount,
};

function toItem(row: TemplateRow, options: PriceTemplateOption[], devicesRunning: number): PriceTemplateItem {
  return {
    id: row.id,
    model_name: row.modelName,
    icon: row.icon,
    display_price: row.displayPrice,
    price: row.price,
    estimated_minutes: row.estimatedMinutes,
    extra_params: row.extraParams,
    options,
    device_count: Number(devicesRunning),
    created_at: toSeconds(row.createdAt),
  };
}

/** The options of each template, in menu order. */
async function optionsOf(db: Db | Tx, templateIds: number[]): Promise<Map<number, PriceTemplateOption[]>> {
  const byTemplate = new Map<number, PriceTemplateOption[]>();
  if (templateIds.length === 0) return byTemplate;
  const rows = await db
    .select()
    .from(priceTemplateOptions)
    .where(inArray(priceTemplateOptions.templateId, templateIds))
    .orderBy(asc(priceTemplateOptions.templateId), asc(priceTemplateOptions.position));
  for (const row of rows) {
    const list = byTemplate.get(row.templateId) ?? [];
    list.push({ name: row.name, added_price: row.addedPrice, added_minutes: row.addedMinutes });
    byTemplate.set(row.templateId, list);
  }
  return byTemplate;
}

async function itemById(db: Db, vendorId: number, id: number): Promise<PriceTemplateItem> {
  const [row] = await db
    .select(itemColumns)
    .from(priceTemplates)
    .where(and(eq(priceTemplates.id, id), eq(priceTemplates.vendorId, vendorId)));
  if (!row) throw new AppError("NOT_FOUND");
  const options = await optionsOf(db, [id]);
  return toItem(row.template, options.get(id) ?? [], row.deviceCount);
}

export async function listPriceTemplates(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceTemplateListRequest>,
): Promise<z.input<typeof priceTemplateListResult>> {
  const vendorId = ownVendor(scope);
  const conditions: (SQL | undefined)[] = [eq(priceTemplates.vendorId, vendorId)];
  if (input.name) conditions.push(ilike(priceTemplates.modelName, likeText(input.name)));
  const filtered = and(...conditions);
  const order = nameKeyset(input.sort, { id: priceTemplates.id, name: priceTemplates.modelName });
  const rows = await db
    .select(itemColumns)
    .from(priceTemplates)
    .where(input.cursor ? and(filtered, order.after(input.cursor)) : filtered)
    .orderBy(...order.orderBy)
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(priceTemplates).where(filtered);
  const { page, next } = order.page(rows, input.page_size, (r) => ({ id: r.template.id, name: r.template.modelName }));
  const options = await optionsOf(
    db,
    page.map((r) => r.template.id),
  );
  return {
    items: page.map((r) => toItem(r.template, options.get(r.template.id) ?? [], r.deviceCount)),
    total: total?.n ?? 0,
    next_cursor: next,
    template_limit: LIMITS.priceTemplatesPerVendor,
  };
}

async function columnsOf(db: Db, vendorId: number, input: Fields) {
  return {
    modelName: input.model_name,
    icon: await checkImages(db, { vendorId }, "price_template.icon", "icon", input.icon),
    displayPrice: input.display_price,
    price: input.price,
    estimatedMinutes: input.estimated_minutes,
    extraParams: input.extra_params,
  };
}

async function insertOptions(tx: Tx, templateId: number, options: readonly PriceTemplateOption[]) {
  if (options.length === 0) return;
  await tx.insert(priceTemplateOptions).values(
    options.map((option, position) => ({
      templateId,
      position,
      name: option.name,
      addedPrice: option.added_price,
      addedMinutes: option.added_minutes,
    })),
  );
}

/**
 * Creates a template within the vendor's cap. The vendor's row is locked for the transaction, so
 * two creations at one below the cap take turns and the second sees the first: exactly one passes.
 */
export async function createPriceTemplate(db: Db, scope: TenantScope, input: Fields): Promise<PriceTemplateItem> {
  const vendorId = ownVendor(scope);
  const values = await columnsOf(db, vendorId, input);
  const id = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [vendor] = await tx
          .select({ id: vendors.id })
          .from(vendors)
          .where(eq(vendors.id, vendorId))
          .for("update");
        if (!vendor) throw new AppError("NOT_FOUND");
        const [existing] = await tx
          .select({ n: count() })
          .from(priceTemplates)
          .where(eq(priceTemplates.vendorId, vendorId));
        if ((existing?.n ?? 0) >= LIMITS.priceTemplatesPerVendor) throw new AppError("PRICE_TEMPLATE_LIMIT");
        const [created] = await tx
          .insert(priceTemplates)
          .values({ vendorId, ...values })
          .returning({ id: priceTemplates.id });
        if (!created) throw new AppError("INTERNAL_ERROR");
        await insertOptions(tx, created.id, input.options);
        return created.id;
      }),
    "model_name",
  );
  return itemById(db, vendorId, id);
}

/** Changes a template and replaces its options in one transaction: readers see the old menu or the new. */
export async function modifyPriceTemplate(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceTemplateModifyRequest>,
): Promise<PriceTemplateItem> {
  const vendorId = ownVendor(scope);
  const values = await columnsOf(db, vendorId, input);
  await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(priceTemplates)
          .set(values)
          .where(and(eq(priceTemplates.id, input.id), eq(priceTemplates.vendorId, vendorId)))
          .returning({ id: priceTemplates.id });
        if (!row) throw new AppError("NOT_FOUND");
        await tx.delete(priceTemplateOptions).where(eq(priceTemplateOptions.templateId, row.id));
        await insertOptions(tx, row.id, input.options);
      }),
    "model_name",
  );
  return itemById(db, vendorId, input.id);
}

async function devicesRunning(db: Db, templateId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(devices).where(eq(devices.priceTemplateId, templateId));
  return row?.n ?? 0;
}

function templateInUse(count: number): AppError {
  return new AppError("HAS_DEPENDENTS", { messageKey: "priceTemplates.hasDevices", params: { devices: count } });
}

/**
 * Removes a template no device runs (its options go with it). The foreign key decides under races;
 * the count only says how many devices are in the way.
 */
export async function removePriceTemplate(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const vendorId = ownVendor(scope);
  const [own] = await db
    .select({ id: priceTemplates.id })
    .from(priceTemplates)
    .where(and(eq(priceTemplates.id, id), eq(priceTemplates.vendorId, vendorId)));
  if (!own) throw new AppError("NOT_FOUND");
  const running = await devicesRunning(db, id);
  if (running > 0) throw templateInUse(running);
  try {
    const [row] = await db
      .delete(priceTemplates)
      .where(and(eq(priceTemplates.id, id), eq(priceTemplates.vendorId, vendorId)))
      .returning({ id: priceTemplates.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw templateInUse(await devicesRunning(db, id));
    throw error;
  }
}

/**
 * Sets the template on devices of the vendor. All or nothing: a device id that is not the vendor's
 * (or does not exist) answers NOT_FOUND and changes no device.
 */
export async function assignPriceTemplate(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceTemplateAssignRequest>,
): Promise<{ id: number; device_ids: number[] }> {
  const vendorId = ownVendor(scope);
  const wanted = [...new Set(input.device_ids)];
  const updated = await db.transaction(async (tx) => {
    const [template] = await tx
      .select({ id: priceTemplates.id })
      .from(priceTemplates)
      .where(and(eq(priceTemplates.id, input.id), eq(priceTemplates.vendorId, vendorId)));
    if (!template) throw new AppError("NOT_FOUND", { field: "id" });
    const rows = await tx
      .update(devices)
      .set({ priceTemplateId: template.id })
      .where(and(inArray(devices.id, wanted), eq(devices.vendorId, vendorId)))
      .returning({ id: devices.id });
    if (rows.length !== wanted.length) throw new AppError("NOT_FOUND", { field: "device_ids" });
    return rows.map((r) => r.id).sort((a, b) => a - b);
  });
  return { id: input.id, device_ids: updated };
}
