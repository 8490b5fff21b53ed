import type { FeatureDeclaration } from "../../app/feature-contract";

/** The operation log: every call that changed data, who made it and how it ended. */
export const feature: FeatureDeclaration = {
  screens: {
    "/log/log_opts": { load: () => import("./OperationLogPage") },
  },
  live: () => import("./live"),
};
