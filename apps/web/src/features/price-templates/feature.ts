import { defineFeature } from "../../app/feature-contract";

/** The devices' price templates. */
export const feature = defineFeature({
  screens: {
    "/shop/price_templates": { load: () => import("./PriceTemplatesPage") },
  },
});
