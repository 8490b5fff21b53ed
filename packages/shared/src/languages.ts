/**
 * The twelve interface languages (spec §1); English is the default. Each is named in itself; `short`
 * is that name where the header has little room (a phone), never a code.
 */
export const LANGUAGES = [
  { code: "zh-cn", name: "简体中文", short: "简体中文" },
  { code: "zh-tw", name: "繁體中文", short: "繁體中文" },
  { code: "en", name: "English", short: "English" },
  { code: "th-th", name: "ไทย", short: "ไทย" },
  { code: "vi-vn", name: "Tiếng Việt", short: "Tiếng Việt" },
  { code: "ja-jp", name: "日本語", short: "日本語" },
  { code: "id", name: "Bahasa Indonesia", short: "Indonesia" },
  { code: "es", name: "Español", short: "Español" },
  { code: "de", name: "Deutsch", short: "Deutsch" },
  { code: "fr", name: "Français", short: "Français" },
  { code: "pt-pt", name: "Português", short: "Português" },
  { code: "it", name: "Italiano", short: "Italiano" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(code: string): code is LanguageCode {
  return (LANGUAGE_CODES as string[]).includes(code);
}
