import type { FeatureDeclaration } from "../../app/feature-contract";

/** The devices' price templates. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/price_templates": { load: () => import("./PriceTemplatesPage") },
  },
};
