import type { FeatureDeclaration } from "../../app/feature-contract";

/** The catalogue of washer brands, models and control templates. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/washer_catalogue": { load: () => import("./WasherCataloguePage") },
  },
};
