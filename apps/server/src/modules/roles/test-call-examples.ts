import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";

/** Calls of the roles domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.roles, {
  create: async (kit) => ({ body: { name: kit.unique("Role ") } }),
  modify: async (kit) => {
    const { id } = await kit.made(API.roles.create, { name: kit.unique("Role ") });
    return { body: { id, name: kit.unique("Renamed role ") } };
  },
  remove: async (kit) => ({ body: { id: (await kit.made(API.roles.create, { name: kit.unique("Role ") })).id } }),
});
