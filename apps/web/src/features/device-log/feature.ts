import type { FeatureDeclaration } from "../../app/feature-contract";

/** The device log: what the devices reported and were sent. */
export const feature: FeatureDeclaration = {
  screens: {
    "/log/log_dev": { load: () => import("./DeviceLogPage") },
  },
};
