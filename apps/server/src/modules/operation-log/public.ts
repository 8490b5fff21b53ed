/** The public face of the operation-log module: all another module may import of it (src/architecture.test.ts checks). */
export { operationsByActor, recentOperationsOf } from "./queries.js";
