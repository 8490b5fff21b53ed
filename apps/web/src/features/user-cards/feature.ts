import { defineFeature } from "../../app/feature-contract";

/** The members' cards, and the card reader. */
export const feature = defineFeature({
  screens: {
    "/user_card/user_card": { load: () => import("./CardsPage") },
  },
});
