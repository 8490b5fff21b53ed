import type { FeatureDeclaration } from "../../app/feature-contract";

/** The group's brands. */
export const feature: FeatureDeclaration = {
  screens: {
    "/brands/brands": { load: () => import("./BrandsPage") },
  },
};
