import type { FeatureDeclaration } from "../../app/feature-contract";

/** The group's own profile (levels 6/7). */
export const feature: FeatureDeclaration = {
  screens: {
    "/group/index": { load: () => import("./GroupProfilePage") },
  },
};
