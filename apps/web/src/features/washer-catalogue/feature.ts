import { defineFeature } from "../../app/feature-contract";

/** The catalogue of washer brands, models and control templates. */
export const feature = defineFeature({
  screens: {
    "/shop/washer_catalogue": { load: () => import("./WasherCataloguePage") },
  },
});
