export { chosenProgram, payableProviders, vendorOfPlace } from "./service.js";
