import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's shop alliances. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/alliance": { load: () => import("./AlliancesPage") },
  },
};
