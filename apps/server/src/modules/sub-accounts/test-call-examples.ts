import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A new sub-account of the Kuala Lumpur vendor, through the API; answers its id. */
async function subAccount(kit: ExampleKit): Promise<number> {
  const { id: roleId } = await kit.made(API.roles.create, { name: kit.unique("Role ") });
  const username = kit.unique("sub_").toLowerCase();
  const body = { username, nickname: "Example", password: "secret12", confirm_password: "secret12", role_id: roleId };
  return (await kit.made(API.subAccounts.create, { ...body, email: `${username}@demo.test` })).id;
}

/** Calls of the sub-accounts domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.subAccounts, {
  create: async (kit) => {
    const { id: roleId } = await kit.made(API.roles.create, { name: kit.unique("Role ") });
    const username = kit.unique("sub_").toLowerCase();
    return {
      body: {
        username,
        email: `${username}@demo.test`,
        nickname: "Example",
        password: "secret12",
        confirm_password: "secret12",
        role_id: roleId,
      },
    };
  },
  modify: async (kit) => ({ body: { id: await subAccount(kit), nickname: "Renamed" } }),
  remove: async (kit) => ({ body: { id: await subAccount(kit) } }),
});
