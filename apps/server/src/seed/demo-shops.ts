import { asc, eq, inArray } from "drizzle-orm";
import { alliances } from "../modules/alliances/tables.js";
import { locations } from "../modules/locations/tables.js";
import { newPayQrCode } from "../modules/payqr/service.js";
import { payQrCodes } from "../modules/payqr/tables.js";
import { priceTemplateOptions, priceTemplates } from "../modules/price-templates/tables.js";
import { shops } from "../modules/shops/tables.js";
import { systemConfig } from "../modules/system-config/tables.js";
import { vendors } from "../modules/tenancy/tables.js";
import { storeImage } from "../modules/uploads/service.js";
import type { Db, Tx } from "../platform/db/client.js";
import type { FileStore } from "../platform/storage/file-store.js";
import { DEMO_VENDOR_NAMES } from "./demo.js";
import { interiorPhoto, type ShopLook, storefrontPhoto, washerIcon } from "./demo-images.js";

/** Claimed once by the seeding; its value then records the ids of the shops the demo created. */
const MARKER = "seed.demo.shops";

/** The demo's own shops, by name (how an install seeded before the marker recorded ids finds them). */
export const DEMO_SHOP_NAMES = ["Bubbles Bangsar", "Bubbles Maarof", "Paws & Suds Cheras", "ซักสะอาด สุขุมวิท 24"] as const;

/** Each demo shop's colours, for its icon and photos (and the price templates' icons). */
const LOOKS = {
  bangsar: { brand: [18, 110, 180], accent: [255, 170, 40], facade: [236, 226, 206] },
  maarof: { brand: [0, 118, 124], accent: [250, 200, 60], facade: [226, 228, 224] },
  cheras: { brand: [190, 88, 24], accent: [70, 160, 96], facade: [240, 228, 210] },
  sukhumvit: { brand: [30, 128, 76], accent: [250, 196, 40], facade: [238, 234, 222] },
} satisfies Record<string, ShopLook>;

/**
 * What a merchant has set up before its machines arrive, so `npm start` opens a console with
 * something in it: the Kuala Lumpur vendor's areas, shops, an alliance, price templates (MYR, in sen)
 * and a pay QR code; the Bangkok vendor's one shop (THB, whole baht). Every shop has an icon and
 * photos, stored as its vendor's uploads. Once, after the demo tenant; the tests seed only the
 * tenant and make their own records.
 */
export async function seedDemoShops(db: Db, files: FileStore): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemConfig)
      .values({ name: MARKER, value: "1" })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [kl] = await tx.select().from(vendors).where(eq(vendors.name, DEMO_VENDOR_NAMES[0]));
    const [bkk] = await tx.select().from(vendors).where(eq(vendors.name, DEMO_VENDOR_NAMES[1]));
    if (!kl || !bkk) return false;

    const [bangsar, cheras, sukhumvit] = await tx
      .insert(locations)
      .values([
        { vendorId: kl.id, name: "Bangsar", address: "Jalan Telawi, 59100 Kuala Lumpur" },
        { vendorId: kl.id, name: "Cheras", address: "Jalan Cheras, 56000 Kuala Lumpur" },
        { vendorId: bkk.id, name: "สุขุมวิท", address: "ถนนสุขุมวิท กรุงเทพฯ 10110" },
      ])
      .returning();
    if (!bangsar || !cheras || !sukhumvit) throw new Error("seed: locations not created");

    const [telawi, maarof, cheras1, sukhumvit24] = await tx
      .insert(shops)
      .values([
        {
          vendorId: kl.id,
          locationId: bangsar.id,
          name: DEMO_SHOP_NAMES[0],
          address: "12 Jalan Telawi 3, Bangsar Baru",
          serviceType: 1,
          epayLaundryPoints: true,
          epayMemberCards: true,
        },
        {
          vendorId: kl.id,
          locationId: bangsar.id,
          name: DEMO_SHOP_NAMES[1],
          address: "8 Jalan Maarof, Bangsar",
          serviceType: 3,
          epayLaundryPoints: true,
        },
        {
          vendorId: kl.id,
          locationId: cheras.id,
          name: DEMO_SHOP_NAMES[2],
          address: "88 Jalan Cheras, Taman Connaught",
          serviceType: 2,
        },
        {
          vendorId: bkk.id,
          locationId: sukhumvit.id,
          name: DEMO_SHOP_NAMES[3],
          address: "24 ซอยสุขุมวิท 24 คลองเตย",
          serviceType: 1,
          epayMemberCards: true,
        },
      ])
      .returning();
    if (!telawi || !maarof || !cheras1 || !sukhumvit24) throw new Error("seed: shops not created");
    const looks: [typeof telawi, ShopLook][] = [
      [telawi, LOOKS.bangsar],
      [maarof, LOOKS.maarof],
      [cheras1, LOOKS.cheras],
      [sukhumvit24, LOOKS.sukhumvit],
    ];
    for (const [shop, look] of looks) await picture(tx, files, shop, look);

    const [bangsarAlliance] = await tx
      .insert(alliances)
      .values({ vendorId: kl.id, name: "Bangsar Laundry Circle", type: 1, remark: "Shared member cards in Bangsar" })
      .returning();
    if (!bangsarAlliance) throw new Error("seed: alliance not created");
    await tx.update(shops).set({ allianceId: bangsarAlliance.id }).where(eq(shops.id, telawi.id));
    await tx.update(shops).set({ allianceId: bangsarAlliance.id }).where(eq(shops.id, maarof.id));

    const icon = async (vendorId: number, look: ShopLook) => [
      await storeDemoImage(tx, files, vendorId, "icon.png", washerIcon(look)),
    ];
    const templates = await tx
      .insert(priceTemplates)
      .values([
        {
          vendorId: kl.id,
          modelName: "Wash 10 kg",
          displayPrice: 800,
          price: 700,
          estimatedMinutes: 35,
          icon: await icon(kl.id, LOOKS.bangsar),
        },
        {
          vendorId: kl.id,
          modelName: "Dry 30 minutes",
          displayPrice: 600,
          price: 500,
          estimatedMinutes: 30,
          icon: await icon(kl.id, LOOKS.cheras),
        },
        {
          vendorId: bkk.id,
          modelName: "ซัก 14 กก.",
          displayPrice: 60,
          price: 50,
          estimatedMinutes: 40,
          icon: await icon(bkk.id, LOOKS.sukhumvit),
        },
      ])
      .returning();
    const options = [
      { name: "Extra rinse", addedPrice: 100, addedMinutes: 5 },
      { name: "Hot water", addedPrice: 200, addedMinutes: 0 },
    ];
    const wash = templates[0];
    if (wash) {
      await tx
        .insert(priceTemplateOptions)
        .values(options.map((o, position) => ({ templateId: wash.id, position, ...o })));
    }

    await tx
      .insert(payQrCodes)
      .values({ vendorId: kl.id, code: newPayQrCode(), name: "Bangsar counter", bindMode: 1, shopId: telawi.id });
    // The marker remembers which shops are the demo's: the fleet fills these, never an operator's.
    const own = [telawi, maarof, cheras1, sukhumvit24].map((shop) => shop.id);
    await tx
      .update(systemConfig)
      .set({ value: JSON.stringify({ shops: own }) })
      .where(eq(systemConfig.name, MARKER));
    return true;
  });
}

/**
 * The ids of the shops the demo seeding created (oldest first), [] when it created none. Shops a
 * demo vendor added later are the operator's, not the demo's. An install seeded before the marker
 * recorded the ids finds them as the first shop of each demo name among the demo vendors' shops.
 */
export async function demoShopIds(db: Db): Promise<number[]> {
  const [marker] = await db.select().from(systemConfig).where(eq(systemConfig.name, MARKER));
  if (!marker) return [];
  const recorded = recordedShops(marker.value);
  if (recorded) return recorded;
  const demoVendors = await db.select({ id: vendors.id }).from(vendors).where(inArray(vendors.name, DEMO_VENDOR_NAMES));
  if (demoVendors.length === 0) return [];
  const named = await db
    .select({ id: shops.id, name: shops.name })
    .from(shops)
    .where(
      inArray(
        shops.vendorId,
        demoVendors.map((v) => v.id),
      ),
    )
    .orderBy(asc(shops.id));
  const first = new Map<string, number>();
  for (const shop of named) {
    if ((DEMO_SHOP_NAMES as readonly string[]).includes(shop.name) && !first.has(shop.name)) {
      first.set(shop.name, shop.id);
    }
  }
  return [...first.values()].sort((a, b) => a - b);
}

function recordedShops(value: string): number[] | null {
  try {
    const parsed = JSON.parse(value) as { shops?: unknown };
    const ids = parsed?.shops;
    if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id))) return null;
    return [...(ids as number[])].sort((a, b) => a - b);
  } catch {
    return null;
  }
}

/** Stores a picture as an upload of a vendor, as the upload call would; answers its key. */
async function storeDemoImage(tx: Tx, files: FileStore, vendorId: number, name: string, bytes: Buffer) {
  const scope = { groupId: null, vendorId };
  return (await storeImage(tx, files, scope, { bytes, filename: name, mimetype: "image/png" })).key;
}

/** Gives a shop its icon and two photos, each stored as an upload of the shop's vendor. */
async function picture(tx: Tx, files: FileStore, shop: typeof shops.$inferSelect, look: ShopLook) {
  const store = (name: string, bytes: Buffer) => storeDemoImage(tx, files, shop.vendorId, name, bytes);
  const icon = await store("icon.png", washerIcon(look));
  const images = [await store("storefront.png", storefrontPhoto(look)), await store("inside.png", interiorPhoto(look))];
  await tx
    .update(shops)
    .set({ icon: [icon], images })
    .where(eq(shops.id, shop.id));
}
