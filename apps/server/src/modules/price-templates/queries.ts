import { countReferring, type Ref, valueOfRow } from "../../platform/db/related.js";
import { priceTemplates } from "./tables.js";

/** What other modules may know of price templates. */

/** How many price templates the vendor `ref` names holds (amounts in its currency). */
export const priceTemplateCountOfVendor = (ref: Ref) => countReferring(priceTemplates.vendorId, ref);

/** The model name of the price template `ref` names, per row of another module's list. */
export const priceTemplateNameOf = (ref: Ref) => valueOfRow<string>(priceTemplates.modelName, priceTemplates.id, ref);
