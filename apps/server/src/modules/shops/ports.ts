import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** How many machines stand in the shop `ref` names. */
export const shopDeviceCount = definePort<RowExpression<number>>("count the machines in a shop");

/** How many pay QR codes lead to the shop `ref` names. */
export const shopPayQrCount = definePort<RowExpression<number>>("count the pay QR codes of a shop");
