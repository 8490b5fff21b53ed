import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's coupons: defined, given to members (chosen, by filter, by e-mail), switched on and off. */
export const feature: FeatureDeclaration = {
  screens: {
    "/promotion/coupons": { load: () => import("./CouponsPage") },
  },
};
