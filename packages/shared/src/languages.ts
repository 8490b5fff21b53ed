/** The twelve interface languages (spec §1); English is the default. */
export const LANGUAGES = [
  { code: "zh-cn", name: "简体中文" },
  { code: "zh-tw", name: "繁體中文" },
  { code: "en", name: "English" },
  { code: "th-th", name: "ไทย" },
  { code: "vi-vn", name: "Tiếng Việt" },
  { code: "ja-jp", name: "日本語" },
  { code: "id", name: "Bahasa Indonesia" },
  { code: "es", name: "Español" },
  { code: "de", name: "Deutsch" },
  { code: "fr", name: "Français" },
  { code: "pt-pt", name: "Português" },
  { code: "it", name: "Italiano" },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(code: string): code is LanguageCode {
  return (LANGUAGE_CODES as string[]).includes(code);
}
