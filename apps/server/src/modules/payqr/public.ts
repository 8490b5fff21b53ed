/** The public face of the payqr module: all another module may import of it (src/architecture.test.ts checks). */
export { payQrByCode } from "./queries.js";
export { createPayQr } from "./service.js";
