import { defineFeature } from "../../app/feature-contract";

/** The group's brands. */
export const feature = defineFeature({
  screens: {
    "/brands/brands": { load: () => import("./BrandsPage") },
  },
});
