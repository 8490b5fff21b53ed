import type { FeatureDeclaration } from "../../app/feature-contract";

/** The group's outgoing mail server. */
export const feature: FeatureDeclaration = {
  screens: {
    "/group/email": { load: () => import("./EmailConfigPage") },
  },
};
