import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** What a new group sub-account needs. */
function newAccount(kit: ExampleKit) {
  const username = kit.unique("gsub_").toLowerCase();
  return {
    username,
    nickname: "Example",
    email: `${username}@demo.test`,
    password: "secret12",
    confirm_password: "secret12",
  };
}

/** A sub-account of the Demo Group, through the API; answers its id. */
const account = async (kit: ExampleKit) =>
  (await kit.made(API.groupSubAccounts.create, newAccount(kit), "group_admin")).account_id;

/** Calls of the group-sub-accounts domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.groupSubAccounts, {
  create: async (kit) => ({ body: newAccount(kit) }),
  modify: async (kit) => ({ body: { account_id: await account(kit), nickname: "Renamed" } }),
  remove: async (kit) => ({ body: { account_id: await account(kit) } }),
});
