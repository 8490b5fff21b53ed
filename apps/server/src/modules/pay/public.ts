/** The public face of the pay module: all another module may import of it (src/architecture.test.ts checks). */
export { chosenProgram, payableProviders, vendorOfPlace } from "./service.js";
