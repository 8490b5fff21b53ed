import { countReferring, type Ref } from "../../platform/db/related.js";
import { payQrCodes } from "./tables.js";

/** What other modules may know of pay QR codes. */

/** How many pay QR codes are bound to the shop `ref` names. */
export const payqrCountOfShop = (ref: Ref) => countReferring(payQrCodes.shopId, ref);
