import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A location of the Kuala Lumpur vendor without shops, through the API; answers its id. */
const location = async (kit: ExampleKit) =>
  (await kit.made(API.locations.create, { name: kit.unique("Location "), address: "1 Example road" })).id;

/** Calls of the locations domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.locations, {
  create: async (kit) => ({ body: { name: kit.unique("Location "), address: "1 Example road" } }),
  modify: async (kit) => ({
    body: { id: await location(kit), name: kit.unique("Renamed location "), address: "2 Example road" },
  }),
  remove: async (kit) => ({ body: { id: await location(kit) } }),
});
