import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A virtual card of the Demo Group, through the API; answers its id. */
const ecard = async (kit: ExampleKit) =>
  (await kit.made(API.ecards.create, { name: kit.unique("Card ") }, "group_admin")).id;

/** Calls of the ecards domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.ecards, {
  create: async (kit) => ({ body: { name: kit.unique("Card ") } }),
  modify: async (kit) => ({ body: { id: await ecard(kit), name: kit.unique("Renamed card ") } }),
  remove: async (kit) => ({ body: { id: await ecard(kit) } }),
});
