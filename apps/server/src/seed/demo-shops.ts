import {
  allianceCreateRequest,
  locationCreateRequest,
  PAYQR_BIND_MODE,
  payQrCreateRequest,
  priceTemplateCreateRequest,
  shopCreateRequest,
} from "@washboard/shared";
import type { z } from "zod";
import { createAlliance } from "../modules/alliances/public.js";
import { createLocation } from "../modules/locations/public.js";
import { createPayQr } from "../modules/payqr/public.js";
import { createPriceTemplate } from "../modules/price-templates/public.js";
import { createShop, shopChoices } from "../modules/shops/public.js";
import { claimSystemConfig, setSystemConfig, systemConfigValue } from "../modules/system-config/public.js";
import { tenantOfVendor, type VendorRow, vendorsNamed } from "../modules/tenancy/public.js";
import { storeImage } from "../modules/uploads/public.js";
import type { Db, Tx } from "../platform/db/client.js";
import type { DemoSeedOptions } from "../platform/module.js";
import { createSecretBox } from "../platform/secrets/secret-box.js";
import type { FileStore } from "../platform/storage/file-store.js";
import { DEMO_VENDOR_NAMES } from "./demo.js";
import { interiorPhoto, type ShopLook, storefrontPhoto, washerIcon } from "./demo-images.js";
import { vendorAdminContext } from "./vendor-context.js";

type ShopFields = z.input<typeof shopCreateRequest>;
type TemplateFields = z.input<typeof priceTemplateCreateRequest>;

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
 * photos, stored as its vendor's uploads. Each record is made by its module's service, as the
 * vendor's administrator makes it in the console (the payloads read by the calls' own schemas).
 * Once, after the demo tenant; the tests seed only the tenant and make their own records.
 */
export async function seedDemoShops(
  db: Db,
  { files, secretKey }: Pick<DemoSeedOptions, "files" | "secretKey">,
): Promise<boolean> {
  const secrets = createSecretBox(secretKey);
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, MARKER, "1"))) return false;
    const demo = await vendorsNamed(tx, DEMO_VENDOR_NAMES);
    const kl = demo.find((v) => v.name === DEMO_VENDOR_NAMES[0]);
    const bkk = demo.find((v) => v.name === DEMO_VENDOR_NAMES[1]);
    if (!kl || !bkk) return false;

    const location = (vendor: VendorRow, name: string, address: string) =>
      createLocation(tx, vendorAdminContext(vendor).scope, locationCreateRequest.parse({ name, address }));
    const bangsar = await location(kl, "Bangsar", "Jalan Telawi, 59100 Kuala Lumpur");
    const cheras = await location(kl, "Cheras", "Jalan Cheras, 56000 Kuala Lumpur");
    const sukhumvit = await location(bkk, "สุขุมวิท", "ถนนสุขุมวิท กรุงเทพฯ 10110");

    const shop = async (vendor: VendorRow, look: ShopLook, fields: Omit<ShopFields, "icon" | "images">) => {
      const images = await pictures(tx, files, vendor.id, look);
      return createShop(tx, secrets, vendorAdminContext(vendor), shopCreateRequest.parse({ ...fields, ...images }));
    };
    const telawi = await shop(kl, LOOKS.bangsar, {
      location_id: bangsar.id,
      name: DEMO_SHOP_NAMES[0],
      address: "12 Jalan Telawi 3, Bangsar Baru",
      service_type: 1,
      epay_laundry_points: true,
      epay_member_cards: true,
    });
    const maarof = await shop(kl, LOOKS.maarof, {
      location_id: bangsar.id,
      name: DEMO_SHOP_NAMES[1],
      address: "8 Jalan Maarof, Bangsar",
      service_type: 3,
      epay_laundry_points: true,
    });
    const cheras1 = await shop(kl, LOOKS.cheras, {
      location_id: cheras.id,
      name: DEMO_SHOP_NAMES[2],
      address: "88 Jalan Cheras, Taman Connaught",
      service_type: 2,
    });
    const sukhumvit24 = await shop(bkk, LOOKS.sukhumvit, {
      location_id: sukhumvit.id,
      name: DEMO_SHOP_NAMES[3],
      address: "24 ซอยสุขุมวิท 24 คลองเตย",
      service_type: 1,
      epay_member_cards: true,
    });

    await createAlliance(
      tx,
      vendorAdminContext(kl).scope,
      allianceCreateRequest.parse({
        name: "Bangsar Laundry Circle",
        type: 1,
        remark: "Shared member cards in Bangsar",
        shop_ids: [telawi.id, maarof.id],
      }),
    );

    const template = async (vendor: VendorRow, look: ShopLook, fields: Omit<TemplateFields, "icon">) => {
      const icon = [await storeDemoImage(tx, files, vendor.id, "icon.png", washerIcon(look))];
      return createPriceTemplate(
        tx,
        vendorAdminContext(vendor).scope,
        priceTemplateCreateRequest.parse({ ...fields, icon }),
      );
    };
    await template(kl, LOOKS.bangsar, {
      model_name: "Wash 10 kg",
      display_price: 800,
      price: 700,
      estimated_minutes: 35,
      options: [
        { name: "Extra rinse", added_price: 100, added_minutes: 5 },
        { name: "Hot water", added_price: 200, added_minutes: 0 },
      ],
    });
    await template(kl, LOOKS.cheras, {
      model_name: "Dry 30 minutes",
      display_price: 600,
      price: 500,
      estimated_minutes: 30,
    });
    await template(bkk, LOOKS.sukhumvit, {
      model_name: "ซัก 14 กก.",
      display_price: 60,
      price: 50,
      estimated_minutes: 40,
    });

    await createPayQr(
      tx,
      vendorAdminContext(kl).scope,
      payQrCreateRequest.parse({ name: "Bangsar counter", bind_mode: PAYQR_BIND_MODE.shop, shop_id: telawi.id }),
    );
    // The marker remembers which shops are the demo's: the fleet fills these, never an operator's.
    const own = [telawi, maarof, cheras1, sukhumvit24].map((s) => s.id);
    await setSystemConfig(tx, MARKER, JSON.stringify({ shops: own }));
    return true;
  });
}

/**
 * The ids of the shops the demo seeding created (oldest first), [] when it created none. Shops a
 * demo vendor added later are the operator's, not the demo's. An install seeded before the marker
 * recorded the ids finds them as the first shop of each demo name among the demo vendors' shops.
 */
export async function demoShopIds(db: Db): Promise<number[]> {
  const marker = await systemConfigValue(db, MARKER);
  if (marker === "") return [];
  const recorded = recordedShops(marker);
  if (recorded) return recorded;
  const first = new Map<string, number>();
  for (const vendor of await vendorsNamed(db, DEMO_VENDOR_NAMES)) {
    for (const shop of await shopChoices(db, tenantOfVendor(vendor.id))) {
      const known = first.get(shop.name);
      if ((DEMO_SHOP_NAMES as readonly string[]).includes(shop.name) && (known === undefined || shop.id < known)) {
        first.set(shop.name, shop.id);
      }
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

/** Stores a picture as an upload of a vendor, through the upload call's own service; answers its key. */
async function storeDemoImage(tx: Tx, files: FileStore, vendorId: number, name: string, bytes: Buffer) {
  const scope = { groupId: null, vendorId };
  return (await storeImage(tx, files, scope, { bytes, filename: name, mimetype: "image/png" })).key;
}

/** A shop's icon and two photos, each stored as an upload of the shop's vendor: the shop form's fields. */
async function pictures(tx: Tx, files: FileStore, vendorId: number, look: ShopLook) {
  const store = (name: string, bytes: Buffer) => storeDemoImage(tx, files, vendorId, name, bytes);
  const icon = [await store("icon.png", washerIcon(look))];
  const images = [await store("storefront.png", storefrontPhoto(look)), await store("inside.png", interiorPhoto(look))];
  return { icon, images };
}
