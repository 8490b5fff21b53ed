import { defineFeature } from "../../app/feature-contract";

/** The vendor's roles and their permissions. */
export const feature = defineFeature({
  screens: {
    "/account/role": { load: () => import("./RolesPage") },
  },
});
