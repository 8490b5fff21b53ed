import { defineFeature } from "../../app/feature-contract";

/** The vendor's shop alliances. */
export const feature = defineFeature({
  screens: {
    "/shop/alliance": { load: () => import("./AlliancesPage") },
  },
});
