import { defineFeature } from "../../app/feature-contract";

/** The group's vendors (levels 6/7). */
export const feature = defineFeature({
  screens: {
    "/groups/vendors": { load: () => import("./VendorsPage") },
  },
});
