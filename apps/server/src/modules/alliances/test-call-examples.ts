import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** An alliance of the Kuala Lumpur vendor without members, through the API; answers its id. */
const alliance = async (kit: ExampleKit) =>
  (await kit.made(API.alliances.create, { name: kit.unique("Alliance "), type: 1 })).id;

/** Calls of the alliances domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.alliances, {
  create: async (kit) => ({
    body: { name: kit.unique("Alliance "), type: 1, shop_ids: [(await kit.machine()).shopId] },
  }),
  modify: async (kit) => ({ body: { id: await alliance(kit), name: kit.unique("Renamed alliance "), type: 2 } }),
  setStatus: async (kit) => ({ body: { id: await alliance(kit), status: 0 } }),
  remove: async (kit) => ({ body: { id: await alliance(kit) } }),
});
