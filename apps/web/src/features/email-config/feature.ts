import { defineFeature } from "../../app/feature-contract";

/** The group's outgoing mail server. */
export const feature = defineFeature({
  screens: {
    "/group/email": { load: () => import("./EmailConfigPage") },
  },
});
