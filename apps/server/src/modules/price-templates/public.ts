export {
  priceTemplateCountOfVendor,
  priceTemplateNameOf,
  priceTemplateTopPriceOf,
  templatesWithOptions,
} from "./queries.js";
