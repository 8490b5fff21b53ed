import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** How many shops carry the brand `ref` names. */
export const brandShopCount = definePort<RowExpression<number>>("count the shops carrying a brand");
