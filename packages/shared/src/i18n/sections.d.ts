/**
 * The catalogue sections the sign-in page and the guard need: they ship with the first page. Every
 * other section loads with the console (apps/web/src/app/i18n), so the first page stays the same
 * size however many screens the console gains.
 */
export declare const FIRST_PAGE_SECTIONS: readonly [
  "app",
  "common",
  "routes",
  "login",
  "layout",
  "errors",
  "messages",
  "success",
  "validation",
];
type Catalogue = Record<string, unknown>;
/** A catalogue's first-page part or the rest of it. */
export declare function cataloguePart(catalogue: Catalogue, part: "first" | "rest"): Catalogue;
