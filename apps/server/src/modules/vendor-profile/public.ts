/** The public face of the vendor-profile module: all another module may import of it (src/architecture.test.ts checks). */
export { payDiscountsOf, providerCredentials } from "./service.js";
