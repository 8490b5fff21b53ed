export { operationsByActor, recentOperations } from "./queries.js";
