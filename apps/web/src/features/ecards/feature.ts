import { defineFeature } from "../../app/feature-contract";

/** The group's virtual cards (e-cards). */
export const feature = defineFeature({
  screens: {
    "/brands/ecards": { load: () => import("./EcardsPage") },
  },
});
