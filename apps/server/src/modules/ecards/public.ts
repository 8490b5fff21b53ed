/** The public face of the ecards module: all another module may import of it (src/architecture.test.ts checks). */
export * from "./ports.js";
export { ecardChoices, ecardNameOf, isGroupEcard } from "./queries.js";
