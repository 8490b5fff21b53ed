import { defineFeature } from "../../app/feature-contract";

/** The vendor's sub-accounts. */
export const feature = defineFeature({
  screens: {
    "/account/sub_manager": { load: () => import("./SubAccountsPage") },
  },
});
