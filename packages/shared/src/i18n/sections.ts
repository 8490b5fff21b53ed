/**
 * Each catalogue loads in three parts, so what a page downloads does not grow with every screen
 * the console gains: the sign-in page's sections, the frame's (layout, menu, dashboard, and the
 * dialogs and bare pages that open over the sign-in page), and the
 * sections of every other screen, which load with the first such screen.
 */
export const FIRST_PAGE_SECTIONS = [
  "app",
  "common",
  "routes",
  "login",
  "layout",
  "errors",
  "messages",
  "success",
  "validation",
] as const;

export const FRAME_SECTIONS = [
  "menu",
  "levels",
  "tags",
  "settings",
  "deviceWarning",
  "dashboard",
  "machineTypes",
  "faults",
  "actions",
  "noPermission",
  "notFound",
  "apidoc",
  "register",
] as const;

/** The customer's pay page (a document of its own, apart from the console): only its section. */
export const PAY_SECTIONS = ["pay"] as const;

export const CATALOGUE_PARTS = ["first", "frame", "screens", "pay"] as const;
export type CataloguePart = (typeof CATALOGUE_PARTS)[number];

type Catalogue = Record<string, unknown>;

function partOf(section: string): CataloguePart {
  if ((PAY_SECTIONS as readonly string[]).includes(section)) return "pay";
  if ((FIRST_PAGE_SECTIONS as readonly string[]).includes(section)) return "first";
  if ((FRAME_SECTIONS as readonly string[]).includes(section)) return "frame";
  return "screens";
}

/** The sections of a catalogue that belong to one part. */
export function cataloguePart(catalogue: Catalogue, part: CataloguePart): Catalogue {
  return Object.fromEntries(Object.entries(catalogue).filter(([section]) => partOf(section) === part));
}
