import type { FeatureDeclaration } from "../../app/feature-contract";

/** The group's vendors (levels 6/7). */
export const feature: FeatureDeclaration = {
  screens: {
    "/groups/vendors": { load: () => import("./VendorsPage") },
  },
};
