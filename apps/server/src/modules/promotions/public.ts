/** The public face of the promotions module: all another module may import of it (src/architecture.test.ts checks). */
export type { PriceRequest, PricingRules } from "./pricing.js";
export { priceOf, priceWith, rulesOf } from "./pricing.js";
