/** The public face of the locations module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { isVendorLocation, locationChoices, locationNameOf } from "./queries.js";
export { createLocation } from "./service.js";
