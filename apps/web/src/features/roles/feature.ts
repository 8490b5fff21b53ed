import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's roles and their permissions. */
export const feature: FeatureDeclaration = {
  screens: {
    "/account/role": { load: () => import("./RolesPage") },
  },
};
