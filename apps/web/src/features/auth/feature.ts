import { LOGIN_ROUTE } from "@washboard/shared";
import type { FeatureDeclaration, ScreenDeclaration } from "../../app/feature-contract";

/**
 * The sign-in page. The console's entry (main.tsx) hands it to the frame, which opens it before the
 * features' declarations load: a signed-out visitor loads only this page.
 */
export const signInScreen: ScreenDeclaration = { load: () => import("./LoginPage"), strings: "frame" };

/** Signing in (and registering), and the signed-in account's own settings. */
export const feature: FeatureDeclaration = {
  screens: {
    [LOGIN_ROUTE]: signInScreen,
    "/settings/account": { load: () => import("./AccountSettingsPage") },
  },
  accountMenu: [{ path: "/settings/account", labelKey: "layout.accountSettings" }],
};
