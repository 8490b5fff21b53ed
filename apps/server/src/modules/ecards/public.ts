export { ecardChoices, ecardNameOf, isGroupEcard } from "./queries.js";
