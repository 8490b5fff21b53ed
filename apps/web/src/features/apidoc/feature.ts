import type { FeatureDeclaration } from "../../app/feature-contract";

/** The public API reference. */
export const feature: FeatureDeclaration = {
  screens: {
    "/open/tools/apidoc": { load: () => import("./ApiDocPage"), strings: "frame" },
  },
};
