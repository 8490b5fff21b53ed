import type { RowExpression } from "../../platform/db/related.js";
import { definePort } from "../../platform/ports.js";

/**
 * What this module needs from the modules above it, which fill these ports when the app is built
 * (platform/ports.ts): it never imports them.
 */

/** How many alliances use the e-card `ref` names. */
export const ecardAllianceCount = definePort<RowExpression<number>>("count the alliances using an e-card");
