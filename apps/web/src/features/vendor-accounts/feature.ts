import { defineFeature } from "../../app/feature-contract";

/** The main administrator accounts of the group's vendors (levels 6/7). */
export const feature = defineFeature({
  screens: {
    "/groups/vendor_account": { load: () => import("./VendorAccountsPage") },
  },
});
