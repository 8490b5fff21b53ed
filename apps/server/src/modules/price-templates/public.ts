/** The public face of the price-templates module: all another module may import of it (src/architecture.test.ts checks). */
export type { TemplateProgram } from "./queries.js";
export { priceTemplateCountOfVendor, programsOf, templatesWithOptions } from "./queries.js";
export { createPriceTemplate, listPriceTemplates } from "./service.js";
