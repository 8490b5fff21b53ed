import type { FeatureDeclaration } from "../../app/feature-contract";

/** Platform notices (spec §2 "a notice list"): the list the header's bell opens (a hidden route). */
export const feature: FeatureDeclaration = {
  screens: {
    "/notice/index": { load: () => import("./NoticesPage") },
  },
};
