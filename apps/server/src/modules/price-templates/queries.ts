import { countReferring, type Ref } from "../../platform/db/related.js";
import { priceTemplates } from "./tables.js";

/** What other modules may know of price templates. */

/** How many price templates the vendor `ref` names holds (amounts in its currency). */
export const priceTemplateCountOfVendor = (ref: Ref) => countReferring(priceTemplates.vendorId, ref);
