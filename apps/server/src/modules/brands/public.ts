export { brandChoices, brandNameOf, isGroupBrand } from "./queries.js";
