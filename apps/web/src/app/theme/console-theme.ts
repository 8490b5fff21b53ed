import type { ThemeConfig } from "antd";
import { PALETTE } from "./palette";

/**
 * The component library's theme: the chosen primary colour and the palette's readable text and
 * status colours, so every screen passes colour contrast without per-component overrides.
 */
export function consoleTheme(primary: string): ThemeConfig {
  return {
    // The library's prebuilt stylesheet (imported with the console's providers) replaces the styles
    // it would otherwise generate at run time for every component on every screen's first render.
    zeroRuntime: true,
    hashed: false,
    token: {
      // The page's font (styles.css), which picks the CJK face of the interface language.
      fontFamily: "inherit",
      colorPrimary: primary,
      colorLink: primary,
      colorError: PALETTE.error,
      // Descriptions, captions, breadcrumb links and placeholders (the library's 45% and 25% black
      // fall to 3.4:1 and 1.6:1 on white).
      colorTextTertiary: PALETTE.textSecondary,
      colorTextDescription: PALETTE.textSecondary,
      colorTextPlaceholder: PALETTE.textSecondary,
      // Disabled controls' text (an Export with nothing to export): the library's 25% black is 1.8:1.
      colorTextDisabled: PALETTE.textDisabled,
      // Text of green tags ("enabled", "success"): the library's green 7 is 3.4:1 on its light green.
      // Both names, as the library keeps both and publishes one CSS variable for them.
      green7: PALETTE.success,
      "green-7": PALETTE.success,
      // Orange tags ("refunded"): the library's orange 7 is 3.3:1 on its light orange.
      orange7: PALETTE.warning,
      "orange-7": PALETTE.warning,
    },
  };
}
