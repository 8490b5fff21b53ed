import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** How many shops are in the location `ref` names. */
export const locationShopCount = definePort<RowExpression<number>>("count the shops in a location");
