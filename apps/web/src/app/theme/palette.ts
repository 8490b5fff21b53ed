/**
 * The console's colours, chosen so text meets WCAG AA contrast (4.5:1) on white and on the page
 * grey: the primary blue carries white text, and secondary text and placeholders stay readable.
 * The component library's theme and the plain-CSS parts (sign-in page, toasts, frame) share them;
 * the plain CSS reads them as `--wb-*` variables.
 */
export const PALETTE = {
  primary: "#0958d9",
  error: "#cf1322",
  errorBackground: "#fff1f0",
  errorBorder: "#ffa39e",
  success: "#237804",
  successBackground: "#f6ffed",
  successBorder: "#b7eb8f",
  warning: "#ad4e00",
  warningBackground: "#fffbe6",
  warningBorder: "#ffe58f",
  textSecondary: "rgba(0, 0, 0, 0.6)",
  /** Text of disabled controls, on the library's disabled grey (#f5f5f5). */
  textDisabled: "rgba(0, 0, 0, 0.56)",
} as const;

/** Theme colours offered in the settings panel: each carries white text at 4.5:1 or more. */
export const THEME_PRESETS: readonly string[] = [
  PALETTE.primary,
  "#006d75",
  PALETTE.success,
  PALETTE.warning,
  PALETTE.error,
  "#531dab",
  "#304156",
];

/** Publishes the palette as CSS variables (`primary` → `--wb-primary`) for the plain-CSS parts. */
export function applyPaletteVariables(root: HTMLElement): void {
  for (const [name, value] of Object.entries(PALETTE)) {
    root.style.setProperty(`--wb-${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, value);
  }
}
