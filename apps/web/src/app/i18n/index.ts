import { type CataloguePart, DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "@washboard/shared";
import enFirst from "@washboard/shared/i18n/locales/en.json?part=first";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_KEY } from "../session/storage";

type Sections = Record<string, unknown>;
type Loaders = Record<string, () => Promise<{ default: Sections }>>;

/*
 * Each catalogue comes in three parts (packages/shared/src/i18n/sections.ts): the sign-in page's
 * sections, the frame's, and the other screens'. English's first part is bundled; every other part
 * loads when first needed, in the active language and in English, the fallback.
 */
const GLOB = "../../../../../packages/shared/src/i18n/locales/*.json";
// The pay part belongs to the customer's pay page, never to the console.
const LOADERS: Record<Exclude<CataloguePart, "pay">, Loaders> = {
  first: import.meta.glob<{ default: Sections }>("../../../../../packages/shared/src/i18n/locales/*.json", {
    query: "?part=first",
  }),
  frame: import.meta.glob<{ default: Sections }>("../../../../../packages/shared/src/i18n/locales/*.json", {
    query: "?part=frame",
  }),
  screens: import.meta.glob<{ default: Sections }>("../../../../../packages/shared/src/i18n/locales/*.json", {
    query: "?part=screens",
  }),
};

/** The parts asked for so far: a language chosen later loads the same parts. */
const wantedParts = new Set<Exclude<CataloguePart, "pay">>(["first"]);
const loaded = new Set<string>(["en:first"]);

async function ensurePart(lang: LanguageCode, part: Exclude<CataloguePart, "pay">): Promise<void> {
  const id = `${lang}:${part}`;
  if (loaded.has(id)) return;
  const load = LOADERS[part][GLOB.replace("*", lang)];
  if (!load) throw new Error(`No catalogue for ${lang}`);
  i18next.addResourceBundle(lang, "translation", (await load()).default, true, true);
  loaded.add(id);
}

/** The language being switched to, while its parts load: a part asked for meanwhile loads in it too. */
let switchingTo: LanguageCode | null = null;

/** The interface language (the one being switched to, while it loads). */
export function activeLanguage(): LanguageCode {
  if (switchingTo) return switchingTo;
  return isLanguageCode(i18next.language) ? i18next.language : DEFAULT_LANGUAGE;
}

/** Loads a part in the active language and in English before anything shows its strings. */
async function loadPart(part: Exclude<CataloguePart, "pay">): Promise<void> {
  wantedParts.add(part);
  await Promise.all([ensurePart("en", part), ensurePart(activeLanguage(), part)]);
}

/** The frame's sections: the console's layout, menu and dashboard. */
export const loadConsoleCatalogue = () => loadPart("frame");

/** The sections of the other screens, loaded with the first of them. */
export const loadScreenCatalogue = () => loadPart("screens");

export function storedLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored && isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export async function initI18n(): Promise<void> {
  const lang = storedLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: enFirst } },
    lng: "en",
    fallbackLng: "en",
    // Our codes are lower case ("ja-jp"); without this i18next looks the catalogue up as "ja-JP".
    lowerCaseLng: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (lang !== "en") await changeLanguage(lang);
}

export async function changeLanguage(lang: LanguageCode): Promise<void> {
  switchingTo = lang;
  try {
    // A screen opened while the parts load may want one more part (its screens' sections): load
    // until every wanted part is in, or the screen would show English beside the new language.
    for (let parts = 0; parts !== wantedParts.size; ) {
      parts = wantedParts.size;
      await Promise.all([...wantedParts].map((part) => ensurePart(lang, part)));
    }
    // A language chosen after this one wins.
    if (switchingTo !== lang) return;
    await i18next.changeLanguage(lang);
  } finally {
    if (switchingTo === lang) switchingTo = null;
  }
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Blocked storage: the choice lasts for this page.
  }
}

export { i18next };
