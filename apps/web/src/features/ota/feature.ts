import type { FeatureDeclaration } from "../../app/feature-contract";

/** Firmware over the air: packages and the version analysis of the vendor's machines. */
export const feature: FeatureDeclaration = {
  screens: {
    "/ota/index": { load: () => import("./OtaPage") },
  },
};
