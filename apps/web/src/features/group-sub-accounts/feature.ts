import type { FeatureDeclaration } from "../../app/feature-contract";

/** The group's sub-accounts (levels 6/7). */
export const feature: FeatureDeclaration = {
  screens: {
    "/subacct/subacct": { load: () => import("./GroupSubAccountsPage") },
  },
};
