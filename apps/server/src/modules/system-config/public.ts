/** The public face of the system-config module: all another module may import of it (src/architecture.test.ts checks). */

export { type AppLinksChange, checkAppLinks, setAppLinks } from "./app-links.js";
export {
  claimSystemConfig,
  publicAddress,
  publicAddressFrom,
  setPublicAddress,
  setSystemConfig,
  systemConfigValue,
  systemConfigValueOf,
} from "./queries.js";
