export { publicAddress, systemConfigValue } from "./queries.js";
