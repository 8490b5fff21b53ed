import { defineFeature } from "../../app/feature-contract";

/** The group's own profile (levels 6/7). */
export const feature = defineFeature({
  screens: {
    "/group/index": { load: () => import("./GroupProfilePage") },
  },
});
