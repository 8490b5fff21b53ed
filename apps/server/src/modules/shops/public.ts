/** The public face of the shops module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export {
  findVendorShop,
  isShopOfAlliance,
  isVendorShopExpr,
  shopAllianceOf,
  shopChoices,
  shopNameOf,
  shopTimeZoneOf,
  shopVendors,
} from "./queries.js";
export { createShop } from "./service.js";
