import { defineFeature } from "../../app/feature-contract";

/** The vendor's locations. */
export const feature = defineFeature({
  screens: {
    "/shop/location": { load: () => import("./LocationsPage") },
  },
});
