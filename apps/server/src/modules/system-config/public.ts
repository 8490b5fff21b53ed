/** The public face of the system-config module: all another module may import of it (src/architecture.test.ts checks). */
export { claimSystemConfig, publicAddress, setPublicAddress, setSystemConfig, systemConfigValue } from "./queries.js";
