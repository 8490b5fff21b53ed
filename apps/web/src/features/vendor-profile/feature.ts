import type { FeatureDeclaration } from "../../app/feature-contract";

/** The vendor's own profile and payment settings (levels 3/4), opened from the account dropdown. */
export const feature: FeatureDeclaration = {
  screens: {
    "/vendors/index": { load: () => import("./VendorProfilePage") },
  },
  accountMenu: [{ path: "/vendors/index", labelKey: "layout.vendorProfile" }],
};
