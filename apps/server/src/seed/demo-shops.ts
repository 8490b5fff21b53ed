import { eq } from "drizzle-orm";
import { alliances } from "../modules/alliances/tables.js";
import { locations } from "../modules/locations/tables.js";
import { newPayQrCode } from "../modules/payqr/service.js";
import { payQrCodes } from "../modules/payqr/tables.js";
import { priceTemplateOptions, priceTemplates } from "../modules/price-templates/tables.js";
import { shops } from "../modules/shops/tables.js";
import { systemConfig } from "../modules/system-config/tables.js";
import { vendors } from "../modules/tenancy/tables.js";
import type { Db } from "../platform/db/client.js";

const MARKER = "seed.demo.shops";

/**
 * What a merchant has set up before its machines arrive, so `npm start` opens a console with
 * something in it: the Kuala Lumpur vendor's areas, shops, an alliance, price templates (MYR, in sen)
 * and a pay QR code; the Bangkok vendor's one shop (THB, whole baht). Once, after the demo tenant;
 * the tests seed only the tenant and make their own records.
 */
export async function seedDemoShops(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemConfig)
      .values({ name: MARKER, value: "1" })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;
    const [kl] = await tx.select().from(vendors).where(eq(vendors.name, "Demo Laundry Kuala Lumpur"));
    const [bkk] = await tx.select().from(vendors).where(eq(vendors.name, "Demo Laundry Bangkok"));
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

    const [telawi, maarof, cheras1] = await tx
      .insert(shops)
      .values([
        {
          vendorId: kl.id,
          locationId: bangsar.id,
          name: "Bubbles Bangsar",
          address: "12 Jalan Telawi 3, Bangsar Baru",
          serviceType: 1,
          epayLaundryPoints: true,
          epayMemberCards: true,
        },
        {
          vendorId: kl.id,
          locationId: bangsar.id,
          name: "Bubbles Maarof",
          address: "8 Jalan Maarof, Bangsar",
          serviceType: 3,
          epayLaundryPoints: true,
        },
        {
          vendorId: kl.id,
          locationId: cheras.id,
          name: "Paws & Suds Cheras",
          address: "88 Jalan Cheras, Taman Connaught",
          serviceType: 2,
        },
        {
          vendorId: bkk.id,
          locationId: sukhumvit.id,
          name: "ซักสะอาด สุขุมวิท 24",
          address: "24 ซอยสุขุมวิท 24 คลองเตย",
          serviceType: 1,
          epayMemberCards: true,
        },
      ])
      .returning();
    if (!telawi || !maarof || !cheras1) throw new Error("seed: shops not created");

    const [bangsarAlliance] = await tx
      .insert(alliances)
      .values({ vendorId: kl.id, name: "Bangsar Laundry Circle", type: 1, remark: "Shared member cards in Bangsar" })
      .returning();
    if (!bangsarAlliance) throw new Error("seed: alliance not created");
    await tx.update(shops).set({ allianceId: bangsarAlliance.id }).where(eq(shops.id, telawi.id));
    await tx.update(shops).set({ allianceId: bangsarAlliance.id }).where(eq(shops.id, maarof.id));

    const templates = await tx
      .insert(priceTemplates)
      .values([
        { vendorId: kl.id, modelName: "Wash 10 kg", displayPrice: 800, price: 700, estimatedMinutes: 35 },
        { vendorId: kl.id, modelName: "Dry 30 minutes", displayPrice: 600, price: 500, estimatedMinutes: 30 },
        { vendorId: bkk.id, modelName: "ซัก 14 กก.", displayPrice: 60, price: 50, estimatedMinutes: 40 },
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
    return true;
  });
}
