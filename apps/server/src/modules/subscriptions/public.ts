/** The public face of the subscriptions module: all another module may import of it (src/architecture.test.ts checks). */
export { setPlatformPayPal, setPricePerYear, setSellerDetails } from "./settings.js";
