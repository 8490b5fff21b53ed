import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { countReferring, type Ref } from "../../platform/db/related.js";
import { payQrCodes } from "./tables.js";

/** What other modules may know of pay QR codes. */

/** How many pay QR codes are bound to the shop `ref` names. */
export const payqrCountOfShop = (ref: Ref) => countReferring(payQrCodes.shopId, ref);

/** A pay QR code by the token it carries (the customer's page): where its payments go. */
export async function payQrByCode(db: Db, code: string) {
  const [row] = await db
    .select({
      vendorId: payQrCodes.vendorId,
      shopId: payQrCodes.shopId,
      deviceId: payQrCodes.deviceId,
      bindMode: payQrCodes.bindMode,
    })
    .from(payQrCodes)
    .where(eq(payQrCodes.code, code));
  return row;
}
