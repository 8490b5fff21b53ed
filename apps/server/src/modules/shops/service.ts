import type {
  ShopItem,
  shopCreateRequest,
  shopListRequest,
  shopListResult,
  shopModifyRequest,
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
import type { SignedInContext, TenantScope } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import type { SecretBox } from "../../platform/secrets/secret-box.js";
import { alliances } from "../alliances/tables.js";
import { brands } from "../brands/tables.js";
import { devices } from "../devices/tables.js";
import { locations } from "../locations/tables.js";
import { payQrCodes } from "../payqr/tables.js";
import { vendors } from "../tenancy/tables.js";
import { checkImages } from "../uploads/images.js";
import { maskedSecret, sealChange, sealNew } from "./secrets.js";
import { shops } from "./tables.js";

type Fields = z.output<typeof shopCreateRequest>;
type ShopRow = typeof shops.$inferSelect;

const ownId = qualified(shops.id);
const deviceCount = sql<number>`(select count(*)::int from ${devices} where ${qualified(devices.shopId)} = ${ownId})`;
const payqrCount = sql<number>`(select count(*)::int from ${payQrCodes} where ${qualified(payQrCodes.shopId)} = ${ownId})`;

/** A shop with the names of its location, brand and alliance and what depends on it. */
function selectItems(db: Db) {
  return db
    .select({
      shop: shops,
      locationName: locations.name,
      brandName: brands.name,
      allianceName: alliances.name,
      deviceCount,
      payqrCount,
    })
    .from(shops)
    .leftJoin(locations, eq(locations.id, shops.locationId))
    .leftJoin(brands, eq(brands.id, shops.brandId))
    .leftJoin(alliances, eq(alliances.id, shops.allianceId));
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["execute"]>>[number];

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
    device_count: Number(joined.deviceCount),
    payqr_count: Number(joined.payqrCount),
    created_at: toSeconds(shop.createdAt),
  };
}

async function itemById(db: Db, secrets: SecretBox, vendorId: number, id: number): Promise<ShopItem> {
  const [row] = await selectItems(db).where(and(eq(shops.id, id), eq(shops.vendorId, vendorId)));
  if (!row) throw new AppError("NOT_FOUND");
  return toItem(secrets, row);
}

async function vendorOf(db: Db, vendorId: number) {
  const [vendor] = await db
    .select({ groupId: vendors.groupId, shopLimit: vendors.shopLimit })
    .from(vendors)
    .where(eq(vendors.id, vendorId));
  if (!vendor) throw new AppError("NOT_FOUND");
  return vendor;
}

function notAChoice(field: string): AppError {
  return new AppError("VALIDATION_FAILED", { field, messageKey: "shops.unknownChoice" });
}

/**
 * The location and alliance must be the vendor's own, the brand one of its group's: another
 * tenant's id is refused like a made-up one, without saying whether it exists.
 */
async function checkReferences(db: Db, vendorId: number, groupId: number | null, input: Fields): Promise<void> {
  if (input.location_id !== null) {
    const [row] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, input.location_id), eq(locations.vendorId, vendorId)));
    if (!row) throw notAChoice("location_id");
  }
  if (input.brand_id !== null) {
    const [row] = groupId
      ? await db
          .select({ id: brands.id })
          .from(brands)
          .where(and(eq(brands.id, input.brand_id), eq(brands.groupId, groupId)))
      : [];
    if (!row) throw notAChoice("brand_id");
  }
  if (input.alliance_id !== null) {
    const [row] = await db
      .select({ id: alliances.id })
      .from(alliances)
      .where(and(eq(alliances.id, input.alliance_id), eq(alliances.vendorId, vendorId)));
    if (!row) throw notAChoice("alliance_id");
  }
}

/** The columns of every field but the secrets, checked (images, references) for the vendor. */
async function plainColumns(db: Db, vendorId: number, groupId: number | null, input: Fields) {
  await checkReferences(db, vendorId, groupId, input);
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
  };
}

type PlainColumns = Awaited<ReturnType<typeof plainColumns>>;

/** The API's names of the plain columns, for the operation log's list of changed fields. */
const FIELD_NAMES: Record<keyof PlainColumns, string> = {
  name: "name",
  address: "address",
  locationId: "location_id",
  icon: "icon",
  images: "images",
  serviceType: "service_type",
  brandId: "brand_id",
  allianceId: "alliance_id",
  epayLaundryPoints: "epay_laundry_points",
  epayMemberCards: "epay_member_cards",
  mqttUsername: "mqtt_username",
  mqttClientId: "mqtt_client_id",
  mqttHost: "mqtt_host",
  mqttPort: "mqtt_port",
  productKey: "product_key",
};

function changedFields(before: ShopRow, after: PlainColumns): string[] {
  return (Object.keys(FIELD_NAMES) as (keyof PlainColumns)[])
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => FIELD_NAMES[key]);
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
  const vendorId = ownVendor(scope);
  const own = eq(shops.vendorId, vendorId);
  const conditions: (SQL | undefined)[] = [own];
  if (input.name) conditions.push(ilike(shops.name, likeText(input.name)));
  if (input.location_id !== undefined) conditions.push(eq(shops.locationId, input.location_id));
  if (input.brand_id !== undefined) conditions.push(eq(shops.brandId, input.brand_id));
  if (input.alliance_id !== undefined) conditions.push(eq(shops.allianceId, input.alliance_id));
  if (input.service_type !== undefined) conditions.push(eq(shops.serviceType, input.service_type));
  const filtered = and(...conditions);
  const order = nameKeyset(input.sort, { id: shops.id, name: shops.name });
  const rows = await selectItems(db)
    .where(input.cursor ? and(filtered, order.after(input.cursor)) : filtered)
    .orderBy(...order.orderBy)
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(shops).where(filtered);
  const [all] = await db.select({ n: count() }).from(shops).where(own);
  const vendor = await vendorOf(db, vendorId);
  const { page, next } = order.page(rows, input.page_size, (row) => row.shop);
  return {
    items: page.map((row) => toItem(secrets, row)),
    total: total?.n ?? 0,
    next_cursor: next,
    shop_limit: vendor.shopLimit,
    shop_total: all?.n ?? 0,
  };
}

/**
 * Creates a shop within the vendor's cap. The vendor's row is locked for the transaction, so two
 * creations at one below the cap take turns and the second sees the first: exactly one succeeds.
 */
export async function createShop(db: Db, secrets: SecretBox, ctx: SignedInContext, input: Fields): Promise<ShopItem> {
  const vendorId = ownVendor(ctx.scope);
  const vendor = await vendorOf(db, vendorId);
  const values = {
    vendorId,
    ...(await plainColumns(db, vendorId, vendor.groupId, input)),
    mqttPasswordSealed: sealNew(secrets, input.mqtt_password),
    paymentIdSealed: sealNew(secrets, input.payment_id),
  };
  const row = await withReferences(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ limit: vendors.shopLimit })
        .from(vendors)
        .where(eq(vendors.id, vendorId))
        .for("update");
      if (!locked) throw new AppError("NOT_FOUND");
      const [existing] = await tx.select({ n: count() }).from(shops).where(eq(shops.vendorId, vendorId));
      if ((existing?.n ?? 0) >= locked.limit) throw new AppError("SHOP_LIMIT");
      const [created] = await tx.insert(shops).values(values).returning({ id: shops.id });
      return created;
    }),
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  ctx.audit.target = `shop:${row.id}`;
  return itemById(db, secrets, vendorId, row.id);
}

/**
 * Changes a shop. The operation log names the fields that changed, secrets included, but never a
 * value: a secret left blank (or sent back as its mask) keeps the stored one.
 */
export async function modifyShop(
  db: Db,
  secrets: SecretBox,
  ctx: SignedInContext,
  input: z.output<typeof shopModifyRequest>,
): Promise<ShopItem> {
  const vendorId = ownVendor(ctx.scope);
  ctx.audit.target = `shop:${input.id}`;
  const [before] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, input.id), eq(shops.vendorId, vendorId)));
  if (!before) throw new AppError("NOT_FOUND");
  const vendor = await vendorOf(db, vendorId);
  const plain = await plainColumns(db, vendorId, vendor.groupId, input);
  const password = sealChange(secrets, before.mqttPasswordSealed, input.mqtt_password);
  const paymentId = sealChange(secrets, before.paymentIdSealed, input.payment_id);
  const changed = [
    ...changedFields(before, plain),
    ...(password.changed ? ["mqtt_password"] : []),
    ...(paymentId.changed ? ["payment_id"] : []),
  ];
  if (changed.length > 0) ctx.audit.target = `shop:${input.id} changed:${changed.join(",")}`;
  const [row] = await withReferences(() =>
    db
      .update(shops)
      .set({ ...plain, mqttPasswordSealed: password.sealed, paymentIdSealed: paymentId.sealed })
      .where(and(eq(shops.id, input.id), eq(shops.vendorId, vendorId)))
      .returning({ id: shops.id }),
  );
  if (!row) throw new AppError("NOT_FOUND");
  return itemById(db, secrets, vendorId, row.id);
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
export async function removeShop(db: Db, secrets: SecretBox, scope: TenantScope, id: number): Promise<{ id: number }> {
  const vendorId = ownVendor(scope);
  const refuse = async (): Promise<never> => {
    const item = await itemById(db, secrets, vendorId, id);
    throw new AppError("HAS_DEPENDENTS", {
      messageKey: dependentsKey(item.device_count, item.payqr_count),
      params: { devices: item.device_count, payqr: item.payqr_count },
    });
  };
  const current = await itemById(db, secrets, vendorId, id);
  if (current.device_count > 0 || current.payqr_count > 0) return refuse();
  let removed: { id: number } | undefined;
  try {
    [removed] = await db
      .delete(shops)
      .where(and(eq(shops.id, id), eq(shops.vendorId, vendorId)))
      .returning({ id: shops.id });
  } catch (error) {
    if (isForeignKeyViolation(error)) return refuse();
    throw error;
  }
  if (!removed) throw new AppError("NOT_FOUND");
  return removed;
}
