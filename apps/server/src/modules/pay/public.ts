/** The public face of the pay module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { chosenProgram, payableProviders, vendorOfPlace } from "./service.js";
