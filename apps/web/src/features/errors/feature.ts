import type { FeatureDeclaration } from "../../app/feature-contract";

/** The pages the guard opens instead of a screen: no permission, no such page. */
export const feature: FeatureDeclaration = {
  screens: {
    "/nopermission/index": { load: () => import("./NoPermissionPage"), strings: "frame" },
    "/404": { load: () => import("./NotFoundPage"), strings: "frame" },
  },
};
