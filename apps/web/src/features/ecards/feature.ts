import type { FeatureDeclaration } from "../../app/feature-contract";

/** The group's virtual cards (e-cards). */
export const feature: FeatureDeclaration = {
  screens: {
    "/brands/ecards": { load: () => import("./EcardsPage") },
  },
};
