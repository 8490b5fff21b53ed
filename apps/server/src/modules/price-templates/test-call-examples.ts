import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** What a new price template of the Kuala Lumpur vendor needs. */
const newTemplate = (kit: ExampleKit) => ({
  model_name: kit.unique("Price "),
  display_price: 500,
  price: 400,
  estimated_minutes: 25,
});
const template = async (kit: ExampleKit) => (await kit.made(API.priceTemplates.create, newTemplate(kit))).id;

/** Calls of the price-templates domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.priceTemplates, {
  create: async (kit) => ({ body: newTemplate(kit) }),
  modify: async (kit) => ({ body: { ...newTemplate(kit), id: await template(kit), display_price: 600 } }),
  remove: async (kit) => ({ body: { id: await template(kit) } }),
  assign: async (kit) => ({ body: { id: await template(kit), device_ids: [(await kit.machine()).deviceId] } }),
});
