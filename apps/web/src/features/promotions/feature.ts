import type { FeatureDeclaration } from "../../app/feature-contract";

/** Promotions of each kind, time-of-day prices and the price preview (issue 29). */
export const feature: FeatureDeclaration = {
  screens: {
    "/promotion/promotion": { load: () => import("./PromotionsPage") },
  },
};
