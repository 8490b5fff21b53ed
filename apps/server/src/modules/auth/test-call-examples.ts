import { API } from "@washboard/shared";
import { expect } from "vitest";
import { callExamples } from "../../test/call-examples.js";

/** Calls of the auth domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.auth, {
  // Made before any session: the row names who signed in, or the new vendor's owner.
  login: async (kit) => ({
    body: { login: "vendor_admin", password: "demo1234" },
    logged: { actor: "vendor_admin", accountId: await kit.accountId("vendor_admin"), vendorId: await kit.klVendorId() },
  }),
  logout: async () => ({ body: {}, as: "vendor2_admin" }),
  modifyOwn: async () => ({ body: { old_pwd: "demo1234", nickname: "Gus again" }, as: "group_sub" }),
  register: async (kit) => {
    const username = kit.unique("owner_").toLowerCase();
    return {
      body: {
        mode: "manual",
        username,
        password: "secret12",
        confirm_password: "secret12",
        merchant_name: kit.unique("Example Laundry "),
        currency: "MYR",
        language: "en",
        time_zone: "Asia/Kuala_Lumpur",
      },
      // The account and the vendor are the ones the call makes.
      logged: { actor: username, accountId: expect.any(Number), vendorId: expect.any(Number) },
    };
  },
});
