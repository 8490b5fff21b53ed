import type { FeatureDeclaration } from "../../app/feature-contract";

/** The payment QR codes of the shops. */
export const feature: FeatureDeclaration = {
  screens: {
    "/shop/payqr": { load: () => import("./PayQrPage") },
  },
};
