export { isVendorLocation, locationChoices, locationNameOf } from "./queries.js";
