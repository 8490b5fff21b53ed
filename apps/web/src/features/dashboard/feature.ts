import type { FeatureDeclaration } from "../../app/feature-contract";

/** The dashboard: the account's figures, its devices' states and the recent operations. */
export const feature: FeatureDeclaration = {
  screens: {
    "/dashboard": { load: () => import("./DashboardPage"), strings: "frame" },
  },
  live: () => import("./live"),
};
