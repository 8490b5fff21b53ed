import { defineFeature } from "../../app/feature-contract";

/** The vendor's members, their balances and ledgers. */
export const feature = defineFeature({
  screens: {
    "/user_account/user_account": { load: () => import("./MembersPage") },
  },
});
