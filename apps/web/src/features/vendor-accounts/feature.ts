import type { FeatureDeclaration } from "../../app/feature-contract";

/** The main administrator accounts of the group's vendors (levels 6/7). */
export const feature: FeatureDeclaration = {
  screens: {
    "/groups/vendor_account": { load: () => import("./VendorAccountsPage") },
  },
};
