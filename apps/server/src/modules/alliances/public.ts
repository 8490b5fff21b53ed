/** The public face of the alliances module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { allianceChoices, allianceCountOfGroup, allianceNameOf, isVendorAlliance } from "./queries.js";
export { createAlliance } from "./service.js";
