import type { FeatureDeclaration } from "../../app/feature-contract";

/** Invitation links that give a coupon to the members who claim them, and their posters. */
export const feature: FeatureDeclaration = {
  screens: {
    "/promotion/invitations": { load: () => import("./InvitationsPage") },
  },
};
