import { LOGIN_ROUTE } from "@washboard/shared";
import type { FeatureDeclaration } from "../../app/feature-contract";

/** Signing in (and registering), and the signed-in account's own settings. */
export const feature: FeatureDeclaration = {
  screens: {
    [LOGIN_ROUTE]: { load: () => import("./LoginPage"), strings: "frame" },
    "/settings/account": { load: () => import("./AccountSettingsPage") },
  },
  accountMenu: [{ path: "/settings/account", labelKey: "layout.accountSettings" }],
};
