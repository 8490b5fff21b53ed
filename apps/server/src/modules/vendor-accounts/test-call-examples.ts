import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** What a new main administrator of the Kuala Lumpur vendor needs. */
async function newAccount(kit: ExampleKit) {
  const username = kit.unique("vadmin_").toLowerCase();
  return {
    vendor_id: await kit.klVendorId(),
    username,
    nickname: "Example",
    email: `${username}@demo.test`,
    password: "secret12",
    confirm_password: "secret12",
  };
}

/** A main administrator of the Kuala Lumpur vendor, through the API; answers its id. */
const account = async (kit: ExampleKit) =>
  (await kit.made(API.vendorAccounts.create, await newAccount(kit), "group_admin")).account_id;

/** Calls of the vendor-accounts domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.vendorAccounts, {
  create: async (kit) => ({ body: await newAccount(kit) }),
  modify: async (kit) => ({ body: { account_id: await account(kit), status: "disabled" } }),
  remove: async (kit) => ({ body: { account_id: await account(kit) } }),
});
