/** The public face of the shops module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { findVendorShop, isShopOfAlliance, shopAllianceOf, shopChoices, shopNameOf } from "./queries.js";
