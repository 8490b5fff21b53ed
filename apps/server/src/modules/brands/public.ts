/** The public face of the brands module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { brandChoices, brandCountOfGroup, brandNameOf, isGroupBrand } from "./queries.js";
