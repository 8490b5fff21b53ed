import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's members, their balances and ledgers. */
export const feature: FeatureDeclaration = {
  screens: {
    "/user_account/user_account": { load: () => import("./MembersPage") },
  },
};
