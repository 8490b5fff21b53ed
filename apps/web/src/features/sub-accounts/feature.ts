import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's sub-accounts. */
export const feature: FeatureDeclaration = {
  screens: {
    "/account/sub_manager": { load: () => import("./SubAccountsPage") },
  },
};
