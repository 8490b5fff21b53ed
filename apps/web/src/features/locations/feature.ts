import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's locations. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/location": { load: () => import("./LocationsPage") },
  },
};
