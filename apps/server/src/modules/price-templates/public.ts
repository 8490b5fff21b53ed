/** The public face of the price-templates module: all another module may import of it (src/architecture.test.ts checks). */
export { priceTemplateCountOfVendor, templatesWithOptions } from "./queries.js";
export { createPriceTemplate, listPriceTemplates } from "./service.js";
