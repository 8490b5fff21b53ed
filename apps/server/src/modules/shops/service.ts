import type {
  ShopItem,
  shopCreateRequest,
  shopListRequest,
  shopListResult,
  shopModifyRequest,
} from "@washboard/shared";
import { and, count, eq, ilike, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, SelectedFields } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { nameKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, type NoColumns, type RowOf, rowsFrom } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext, TenantScope } from "../../platform/http/context.js";
import type { SecretBox } from "../../platform/secrets/secret-box.js";
import { allianceNameOf, isVendorAlliance } from "../alliances/public.js";
import { brandNameOf, isGroupBrand } from "../brands/public.js";
import { isVendorLocation, locationNameOf } from "../locations/public.js";
import {
  lockVendor,
  scopedVendor,
  tenantOfGroup,
  type VendorTenant,
  vendorPlan,
  vendorTenant,
} from "../tenancy/public.js";
import { checkImages } from "../uploads/public.js";
import { recordShopChanges, type ShopChanger, shopFieldChanges } from "./changes.js";
import { shopDeviceCount, shopPayQrCount } from "./ports.js";
import { maskedSecret, sealChange, sealNew } from "./secrets.js";
import { shops } from "./tables.js";

type Fields = z.output<typeof shopCreateRequest>;

/** A shop with the names of its location, brand and alliance and what depends on it (and `more` columns). */
function selectItems<More extends SelectedFields>(db: Db, more = {} as More) {
  return db
    .select({
      ...more,
      shop: shops,
      locationName: locationNameOf(shops.locationId),
      brandName: brandNameOf(shops.brandId),
      allianceName: allianceNameOf(shops.allianceId),
      deviceCount: shopDeviceCount.use()(shops.id),
      payqrCount: shopPayQrCount.use()(shops.id),
    })
    .from(shops);
}

type ItemRow = RowOf<ReturnType<typeof selectItems<NoColumns>>>;

function toItem(secrets: SecretBox, { shop, ...joined }: ItemRow): ShopItem {
  return {
    id: shop.id,
    name: shop.name,
    address: shop.address,
    location_id: shop.locationId,
    location_name: joined.locationName,
    icon: shop.icon,
    images: shop.images,
    service_type: shop.serviceType as ShopItem["service_type"],
    brand_id: shop.brandId,
    brand_name: joined.brandName,
    alliance_id: shop.allianceId,
    alliance_name: joined.allianceName,
    epay_laundry_points: shop.epayLaundryPoints,
    epay_member_cards: shop.epayMemberCards,
    mqtt_username: shop.mqttUsername,
    mqtt_password: maskedSecret(secrets, shop.mqttPasswordSealed),
    mqtt_client_id: shop.mqttClientId,
    mqtt_host: shop.mqttHost,
    mqtt_port: shop.mqttPort,
    product_key: shop.productKey,
    payment_id: maskedSecret(secrets, shop.paymentIdSealed),
    time_zone: shop.timeZone,
    device_count: Number(joined.deviceCount),
    payqr_count: Number(joined.payqrCount),
    created_at: toSeconds(shop.createdAt),
  };
}

async function itemById(db: Db, secrets: SecretBox, tenant: VendorTenant, id: number): Promise<ShopItem> {
  const [row] = await selectItems(db).where(and(eq(shops.id, id), tenant.owns(shops)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(secrets, row);
}

/** Who a change of the shop database log names: the vendor and the acting account. */
function changerOf(ctx: SignedInContext, vendorId: number): ShopChanger {
  return { vendorId, accountId: ctx.actor.accountId };
}

function notAChoice(field: string): AppError {
  return new AppError("VALIDATION_FAILED", { field, messageKey: "shops.unknownChoice" });
}

/**
 * The location and alliance must be the vendor's own, the brand one of its group's: another
 * tenant's id is refused like a made-up one, without saying whether it exists.
 */
async function checkReferences(db: Db, tenant: VendorTenant, groupId: number | null, input: Fields): Promise<void> {
  if (input.location_id !== null && !(await isVendorLocation(db, tenant, input.location_id))) {
    throw notAChoice("location_id");
  }
  if (input.brand_id !== null) {
    const ofGroup = groupId !== null && (await isGroupBrand(db, tenantOfGroup(groupId), input.brand_id));
    if (!ofGroup) throw notAChoice("brand_id");
  }
  if (input.alliance_id !== null && !(await isVendorAlliance(db, tenant, input.alliance_id))) {
    throw notAChoice("alliance_id");
  }
}

/** The columns of every field but the secrets, checked (images, references) for the vendor. */
async function plainColumns(db: Db, tenant: VendorTenant, groupId: number | null, input: Fields) {
  await checkReferences(db, tenant, groupId, input);
  const { vendorId } = tenant;
  return {
    name: input.name,
    address: input.address,
    locationId: input.location_id,
    icon: await checkImages(db, { vendorId }, "shop.icon", "icon", input.icon),
    images: await checkImages(db, { vendorId }, "shop.images", "images", input.images),
    serviceType: input.service_type,
    brandId: input.brand_id,
    allianceId: input.alliance_id,
    epayLaundryPoints: input.epay_laundry_points,
    epayMemberCards: input.epay_member_cards,
    mqttUsername: input.mqtt_username,
    mqttClientId: input.mqtt_client_id,
    mqttHost: input.mqtt_host,
    mqttPort: input.mqtt_port,
    productKey: input.product_key,
    timeZone: input.time_zone,
  };
}

/** A write that names a location, brand or alliance removed meanwhile: refused like an unknown one. */
async function withReferences<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await recordExistsOnDuplicate(work, "name");
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError("VALIDATION_FAILED", { messageKey: "shops.unknownChoice" });
    throw error;
  }
}

export async function listShops(
  db: Db,
  secrets: SecretBox,
  scope: TenantScope,
  input: z.output<typeof shopListRequest>,
): Promise<z.input<typeof shopListResult>> {
  const tenant = vendorTenant(scope);
  const conditions: (SQL | undefined)[] = [tenant.owns(shops)];
  if (input.name) conditions.push(ilike(shops.name, likeText(input.name)));
  if (input.location_id !== undefined) conditions.push(eq(shops.locationId, input.location_id));
  if (input.brand_id !== undefined) conditions.push(eq(shops.brandId, input.brand_id));
  if (input.alliance_id !== undefined) conditions.push(eq(shops.allianceId, input.alliance_id));
  if (input.service_type !== undefined) conditions.push(eq(shops.serviceType, input.service_type));
  const count = countOf(shops);
  // Without filters the list's total is the vendor's number of shops; with them, the page's rows
  // carry that number too (a filter matching nothing asks for it alone).
  const filtered = conditions.length > 1;
  const vendorShops = filtered ? count(tenant.owns(shops)) : sql<number>`0`;
  const [page, vendor] = await Promise.all([
    listPage({
      where: and(...conditions),
      keyset: nameKeyset(input.sort, { id: shops.id, name: shops.name }, (row: ItemRow) => row.shop),
      input,
      rows: rowsFrom((total) => selectItems(db, { total, vendorShops })),
      count,
    }),
    scopedVendor(db, scope),
  ]);
  const shopTotal = filtered ? (page.rows[0]?.vendorShops ?? (await scalar(db, vendorShops))) : page.total;
  return {
    items: page.rows.map((row) => toItem(secrets, row)),
    total: page.total,
    next_cursor: page.next_cursor,
    shop_limit: vendor.shopLimit,
    shop_total: shopTotal,
  };
}

/**
 * Creates a shop within the vendor's cap. The vendor's row is locked for the transaction, so two
 * creations at one below the cap take turns and the second sees the first: exactly one succeeds.
 */
export async function createShop(db: Db, secrets: SecretBox, ctx: SignedInContext, input: Fields): Promise<ShopItem> {
  const tenant = vendorTenant(ctx.scope);
  const { vendorId } = tenant;
  const vendor = await vendorPlan(db, vendorId);
  const values = {
    vendorId,
    ...(await plainColumns(db, tenant, vendor.groupId, input)),
    mqttPasswordSealed: sealNew(secrets, input.mqtt_password),
    paymentIdSealed: sealNew(secrets, input.payment_id),
  };
  const row = await withReferences(() =>
    db.transaction(async (tx) => {
      const locked = await lockVendor(tx, vendorId);
      const [existing] = await tx.select({ n: count() }).from(shops).where(tenant.owns(shops));
      if ((existing?.n ?? 0) >= locked.shopLimit) throw new AppError("SHOP_LIMIT");
      const [created] = await tx.insert(shops).values(values).returning();
      if (created) {
        await recordShopChanges(tx, changerOf(ctx, vendorId), [
          { shopId: created.id, action: "create", changes: shopFieldChanges(null, created) },
        ]);
      }
      return created;
    }),
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  ctx.audit.target = `shop:${row.id}`;
  return itemById(db, secrets, tenant, row.id);
}

/**
 * Changes a shop. The operation log names the fields that changed, secrets included, but never a
 * value: a secret left blank (or sent back as its mask) keeps the stored one. The shop's database
 * log gets the changed fields before and after, in the same transaction, the row locked meanwhile.
 */
export async function modifyShop(
  db: Db,
  secrets: SecretBox,
  ctx: SignedInContext,
  input: z.output<typeof shopModifyRequest>,
): Promise<ShopItem> {
  const tenant = vendorTenant(ctx.scope);
  ctx.audit.target = `shop:${input.id}`;
  const mine = and(eq(shops.id, input.id), tenant.owns(shops));
  const [found] = await db.select({ id: shops.id }).from(shops).where(mine);
  if (!found) throw new AppError("NOT_FOUND");
  const vendor = await vendorPlan(db, tenant.vendorId);
  const plain = await plainColumns(db, tenant, vendor.groupId, input);
  const changed = await withReferences(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(shops).where(mine).for("update");
      if (!before) throw new AppError("NOT_FOUND");
      const password = sealChange(secrets, before.mqttPasswordSealed, input.mqtt_password);
      const paymentId = sealChange(secrets, before.paymentIdSealed, input.payment_id);
      const [after] = await tx
        .update(shops)
        .set({ ...plain, mqttPasswordSealed: password.sealed, paymentIdSealed: paymentId.sealed })
        .where(mine)
        .returning();
      if (!after) throw new AppError("NOT_FOUND");
      const changes = shopFieldChanges(before, after);
      await recordShopChanges(tx, changerOf(ctx, tenant.vendorId), [{ shopId: after.id, action: "modify", changes }]);
      return Object.keys(changes);
    }),
  );
  if (changed.length > 0) ctx.audit.target = `shop:${input.id} changed:${changed.join(",")}`;
  return itemById(db, secrets, tenant, input.id);
}

/** The catalogue text naming what blocks a removal (its counts are the params). */
function dependentsKey(devicesLeft: number, payqrLeft: number): string {
  if (devicesLeft > 0 && payqrLeft > 0) return "shops.dependents.both";
  return devicesLeft > 0 ? "shops.dependents.devices" : "shops.dependents.payqr";
}

/**
 * Removes a shop of the vendor. Refused while devices or pay QR codes use it: the foreign keys
 * decide (one added concurrently still blocks it); the counts say what is in the way.
 */
export async function removeShop(
  db: Db,
  secrets: SecretBox,
  ctx: SignedInContext,
  id: number,
): Promise<{ id: number }> {
  const tenant = vendorTenant(ctx.scope);
  const refuse = async (): Promise<never> => {
    const item = await itemById(db, secrets, tenant, id);
    throw new AppError("HAS_DEPENDENTS", {
      messageKey: dependentsKey(item.device_count, item.payqr_count),
      params: { devices: item.device_count, payqr: item.payqr_count },
    });
  };
  const current = await itemById(db, secrets, tenant, id);
  if (current.device_count > 0 || current.payqr_count > 0) return refuse();
  let removed: { id: number } | undefined;
  try {
    removed = await db.transaction(async (tx) => {
      const [row] = await tx
        .delete(shops)
        .where(and(eq(shops.id, id), tenant.owns(shops)))
        .returning();
      if (!row) return undefined;
      await recordShopChanges(tx, changerOf(ctx, tenant.vendorId), [
        { shopId: row.id, action: "remove", changes: shopFieldChanges(row, null) },
      ]);
      return { id: row.id };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return removed;
}
