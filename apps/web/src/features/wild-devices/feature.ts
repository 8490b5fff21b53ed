import type { FeatureDeclaration } from "../../app/feature-contract";

/** Devices outside any shop (the "wild" devices), claimed and bound to a shop. */
export const feature: FeatureDeclaration = {
  screens: {
    "/ydevice/ydevice": { load: () => import("./WildDevicesPage") },
  },
};
