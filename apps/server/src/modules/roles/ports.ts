import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** How many accounts hold the role `ref` names (a role in use is not removed). */
export const roleHolderCount = definePort<RowExpression<number>>("count the accounts holding a role");
