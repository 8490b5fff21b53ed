import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from "@washboard/shared";
import en from "@washboard/shared/i18n/locales/en.json";
import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import { LANGUAGE_KEY } from "../session/storage";

export type Catalogue = typeof en;

/** English is bundled; the other eleven catalogues load when chosen. */
const catalogues = import.meta.glob<{ default: Catalogue }>("../../../../../packages/shared/src/i18n/locales/*.json");

function loaderFor(lang: LanguageCode) {
  return catalogues[`../../../../../packages/shared/src/i18n/locales/${lang}.json`];
}

export function storedLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(LANGUAGE_KEY);
    return stored && isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

async function ensureCatalogue(lang: LanguageCode): Promise<void> {
  if (i18next.hasResourceBundle(lang, "translation")) return;
  const load = loaderFor(lang);
  if (!load) throw new Error(`No catalogue for ${lang}`);
  i18next.addResourceBundle(lang, "translation", (await load()).default);
}

export async function initI18n(): Promise<void> {
  const lang = storedLanguage();
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
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
  await ensureCatalogue(lang);
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
  try {
    localStorage.setItem(LANGUAGE_KEY, lang);
  } catch {
    // Blocked storage: the choice lasts for this page.
  }
}

export { i18next };
