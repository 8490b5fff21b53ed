export { payDiscountsOf, providerCredentials } from "./service.js";
