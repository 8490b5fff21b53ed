/** The public face of the system-config module: all another module may import of it (src/architecture.test.ts checks). */
export { publicAddress, systemConfigValue } from "./queries.js";
