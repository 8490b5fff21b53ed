import type { FeatureDeclaration } from "../../app/feature-contract";

/** The members' cards, and the card reader. */
export const feature: FeatureDeclaration = {
  screens: {
    "/user_card/user_card": { load: () => import("./CardsPage") },
  },
};
