import { defineFeature } from "../../app/feature-contract";

/** The vendor's shops. */
export const feature = defineFeature({
  screens: {
    "/shop/shops": { load: () => import("./ShopsPage") },
  },
});
