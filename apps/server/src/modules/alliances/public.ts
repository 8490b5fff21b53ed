export { allianceChoices, allianceCountOfEcard, allianceNameOf, isVendorAlliance } from "./queries.js";
