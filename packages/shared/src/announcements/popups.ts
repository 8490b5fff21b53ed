/**
 * Announcement popups (spec §6 `op_goodnews`, §9 "Popup skins … Animations …"): what a vendor may
 * choose, and how the customer's page resolves a random skin. No validation library here: the pay
 * page imports this file and stays small.
 */

/** §9: light grey (grey-white), dark green, sky blue, or one of the three picked at each showing. */
export const POPUP_SKINS = ["grey_white", "dark_green", "sky_blue", "random"] as const;
export type PopupSkin = (typeof POPUP_SKINS)[number];

/** The skins a popup is drawn in: every choice but `random`. */
export type ShownSkin = Exclude<PopupSkin, "random">;
export const SHOWN_SKINS: readonly ShownSkin[] = ["grey_white", "dark_green", "sky_blue"];

/** §9: smooth zoom, drop from top, slide from bottom or left, roll from left, fade in, shake. */
export const POPUP_ANIMATIONS = ["zoom", "drop", "slide_bottom", "slide_left", "roll_left", "fade", "shake"] as const;
export type PopupAnimation = (typeof POPUP_ANIMATIONS)[number];

export const ANNOUNCEMENT_LIMITS = {
  title: 64,
  /** Characters of the text, line breaks included. */
  body: 500,
  /** Lines of the text: a popup taller than a phone's screen is read by no one. */
  bodyLines: 12,
  buttonText: 24,
  /** Running announcements of a shop the pay page receives, newest first. */
  shownPerPage: 3,
} as const;

/**
 * The skin one showing is drawn in: the vendor's, or for `random` one of the three, chosen by
 * `pick` (a number in [0, 1), as Math.random gives).
 */
export function shownSkin(skin: PopupSkin, pick: () => number = Math.random): ShownSkin {
  if (skin !== "random") return skin;
  const index = Math.min(SHOWN_SKINS.length - 1, Math.floor(pick() * SHOWN_SKINS.length));
  return SHOWN_SKINS[index] ?? "grey_white";
}

/** A text's line ends as `\n`, whatever the browser or the operating system typed. */
export function normalizedLines(text: string): string {
  return text.replace(/\r\n?/g, "\n");
}

export function lineCount(text: string): number {
  return normalizedLines(text).split("\n").length;
}
