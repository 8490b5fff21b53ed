import type { FeatureDeclaration } from "../../app/feature-contract";

/**
 * The customer app's and the operator app's download QR codes (spec §2 "an app download QR"), for
 * every console level, opened from the account dropdown.
 */
export const feature: FeatureDeclaration = {
  screens: {
    "/app/download": { load: () => import("./AppDownloadPage") },
  },
  accountMenu: [{ path: "/app/download", labelKey: "routes.app_download" }],
};
