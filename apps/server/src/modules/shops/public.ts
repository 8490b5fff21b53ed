export {
  findVendorShop,
  isShopOfAlliance,
  setAllianceMembers,
  shopAllianceOf,
  shopChoices,
  shopCountOfAlliance,
  shopCountOfBrand,
  shopCountOfLocation,
  shopNameOf,
  shopsOfAlliances,
  shopsWithoutAlliance,
} from "./queries.js";
