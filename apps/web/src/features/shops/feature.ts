import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's shops. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/shops": { load: () => import("./ShopsPage") },
  },
};
