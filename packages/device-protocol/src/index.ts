export * from "./bluetooth.js";
export * from "./examples.js";
export * from "./json-schemas.js";
export * from "./payloads.js";
export * from "./topics.js";
