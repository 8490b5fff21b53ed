export * from "./bluetooth.js";
export * from "./payloads.js";
export * from "./topics.js";
