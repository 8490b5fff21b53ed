import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's devices: their live state, commands and settings. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/devices": { load: () => import("./DevicesPage") },
  },
  live: () => import("./live"),
};
