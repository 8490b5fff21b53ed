import {
  LIMITS,
  type PriceTemplateItem,
  type PriceTemplateOption,
  type priceTemplateAssignRequest,
  type priceTemplateCreateRequest,
  type priceTemplateListRequest,
  type priceTemplateListResult,
  type priceTemplateModifyRequest,
  templateParams,
} from "@washboard/shared";
import { and, asc, count, eq, ilike, inArray, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db, SelectedFields, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, type NoColumns, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import {
  deviceCountOfPriceTemplate,
  deviceIdsOfPriceTemplate,
  deviceIdsOfShop,
  setDevicesPriceTemplate,
} from "../devices/public.js";
import { lockVendor, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { checkImages } from "../uploads/public.js";
import { priceTemplateOptions, priceTemplates } from "./tables.js";

type Fields = z.output<typeof priceTemplateCreateRequest>;
type TemplateRow = typeof priceTemplates.$inferSelect;
/** A template with the number of devices running it, counted in the same query. */
const itemColumns = {
  template: priceTemplates,
  deviceCount: deviceCountOfPriceTemplate(priceTemplates.id),
};

const selectItems = <More extends SelectedFields>(db: Db, more = {} as More) =>
  db.select({ ...itemColumns, ...more }).from(priceTemplates);
type ItemRow = RowOf<ReturnType<typeof selectItems<NoColumns>>>;

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

async function itemById(db: Db, tenant: VendorTenant, id: number): Promise<PriceTemplateItem> {
  const [row] = await selectItems(db).where(and(eq(priceTemplates.id, id), tenant.owns(priceTemplates)));
  if (!row) throw new AppError("NOT_FOUND");
  const options = await optionsOf(db, [id]);
  return toItem(row.template, options.get(id) ?? [], row.deviceCount);
}

export async function listPriceTemplates(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceTemplateListRequest>,
): Promise<z.input<typeof priceTemplateListResult>> {
  const conditions: (SQL | undefined)[] = [vendorTenant(scope).owns(priceTemplates)];
  if (input.name) conditions.push(ilike(priceTemplates.modelName, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: nameKeyset(input.sort, { id: priceTemplates.id, name: priceTemplates.modelName }, (r: ItemRow) => ({
      id: r.template.id,
      name: r.template.modelName,
    })),
    input,
    rows: rowsFrom((total) => selectItems(db, { total })),
    count: countOf(priceTemplates),
  });
  const options = await optionsOf(
    db,
    page.rows.map((r) => r.template.id),
  );
  return {
    items: page.rows.map((r) => toItem(r.template, options.get(r.template.id) ?? [], r.deviceCount)),
    total: page.total,
    next_cursor: page.next_cursor,
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
  const tenant = vendorTenant(scope);
  const { vendorId } = tenant;
  const values = await columnsOf(db, vendorId, input);
  const id = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        await lockVendor(tx, vendorId);
        const [existing] = await tx.select({ n: count() }).from(priceTemplates).where(tenant.owns(priceTemplates));
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
  return itemById(db, tenant, id);
}

/** Changes a template and replaces its options in one transaction: readers see the old menu or the new. */
export async function modifyPriceTemplate(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceTemplateModifyRequest>,
): Promise<PriceTemplateItem> {
  const tenant = vendorTenant(scope);
  const values = await columnsOf(db, tenant.vendorId, input);
  await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const [row] = await tx
          .update(priceTemplates)
          .set(values)
          .where(and(eq(priceTemplates.id, input.id), tenant.owns(priceTemplates)))
          .returning({ id: priceTemplates.id });
        if (!row) throw new AppError("NOT_FOUND");
        await tx.delete(priceTemplateOptions).where(eq(priceTemplateOptions.templateId, row.id));
        await insertOptions(tx, row.id, input.options);
      }),
    "model_name",
  );
  return itemById(db, tenant, input.id);
}

const devicesRunning = (db: Db, templateId: number) => scalar(db, deviceCountOfPriceTemplate(templateId));

function templateInUse(count: number): AppError {
  return new AppError("HAS_DEPENDENTS", { messageKey: "priceTemplates.hasDevices", params: { devices: count } });
}

/**
 * Removes a template no device runs (its options go with it). The foreign key decides under races;
 * the count only says how many devices are in the way.
 */
export async function removePriceTemplate(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  const mine = and(eq(priceTemplates.id, id), vendorTenant(scope).owns(priceTemplates));
  const [own] = await db.select({ id: priceTemplates.id }).from(priceTemplates).where(mine);
  if (!own) throw new AppError("NOT_FOUND");
  const running = await devicesRunning(db, id);
  if (running > 0) throw templateInUse(running);
  try {
    const [row] = await db.delete(priceTemplates).where(mine).returning({ id: priceTemplates.id });
    if (!row) throw new AppError("NOT_FOUND");
    return row;
  } catch (error) {
    if (isForeignKeyViolation(error)) throw templateInUse(await devicesRunning(db, id));
    throw error;
  }
}

/** The parameters a machine running the template is given (devices/template-params.ts). */
async function paramsOf(db: Db | Tx, tenant: VendorTenant, id: number): Promise<Record<string, number>> {
  const [row] = await db
    .select()
    .from(priceTemplates)
    .where(and(eq(priceTemplates.id, id), tenant.owns(priceTemplates)));
  if (!row) throw new AppError("NOT_FOUND", { field: "id" });
  const options = await optionsOf(db, [id]);
  return templateParams({
    price: row.price,
    display_price: row.displayPrice,
    estimated_minutes: row.estimatedMinutes,
    extra_params: row.extraParams,
    options: options.get(id) ?? [],
  });
}

/**
 * Sets the template on devices of the vendor (the ids given, or every device of a shop) and answers
 * them with the parameters to push. All or nothing: a device id that is not the vendor's (or does
 * not exist) answers NOT_FOUND and changes no device.
 */
export async function assignPriceTemplate(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof priceTemplateAssignRequest>,
): Promise<{ deviceIds: number[]; params: Record<string, number> }> {
  const tenant = vendorTenant(scope);
  return db.transaction(async (tx) => {
    const params = await paramsOf(tx, tenant, input.id);
    const wanted = [...new Set(input.device_ids ?? (await deviceIdsOfShop(tx, tenant, input.shop_id ?? 0)))];
    if (wanted.length === 0) return { deviceIds: [], params };
    const ids = await setDevicesPriceTemplate(tx, tenant, wanted, input.id);
    if (ids.length !== wanted.length) throw new AppError("NOT_FOUND", { field: "device_ids" });
    return { deviceIds: ids.sort((a, b) => a - b), params };
  });
}

/** The devices running a template and the parameters they should now have (after a change). */
export async function templateRollout(db: Db, scope: TenantScope, id: number) {
  const tenant = vendorTenant(scope);
  return { deviceIds: await deviceIdsOfPriceTemplate(db, tenant, id), params: await paramsOf(db, tenant, id) };
}
