import { defineFeature } from "../../app/feature-contract";

/** The payment QR codes of the shops. */
export const feature = defineFeature({
  screens: {
    "/shop/payqr": { load: () => import("./PayQrPage") },
  },
});
