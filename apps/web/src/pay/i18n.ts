import { DEFAULT_LANGUAGE, isLanguageCode, LANGUAGE_CODES, type LanguageCode } from "@washboard/shared";

type Sections = { pay: Record<string, unknown> };

/** Only the pay section of each catalogue: the customer's page loads nothing of the console's. */
const LOADERS = import.meta.glob<{ default: Sections }>("../../../../packages/shared/src/i18n/locales/*.json", {
  query: "?part=pay",
});
const GLOB = "../../../../packages/shared/src/i18n/locales/*.json";

/** The customer's browser language among our twelve: exact, then by its first part ("th" → th-th). */
export function browserLanguage(preferred: readonly string[] = navigator.languages): LanguageCode {
  for (const wanted of preferred.map((l) => l.toLowerCase())) {
    if (isLanguageCode(wanted)) return wanted;
    if (wanted === "zh-hk" || wanted === "zh-mo" || wanted.startsWith("zh-hant")) return "zh-tw";
    const base = wanted.split("-")[0] ?? "";
    const match = LANGUAGE_CODES.find((code) => code === base || code.startsWith(`${base}-`));
    if (match) return match;
  }
  return DEFAULT_LANGUAGE;
}

export type Translate = (key: string, values?: Record<string, string | number>) => string;

function lookup(tree: Record<string, unknown>, key: string): string | undefined {
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], tree);
  return typeof value === "string" ? value : undefined;
}

/** A translator over the pay section, falling back to English, with {{name}} placeholders filled. */
export async function loadTranslator(lang: LanguageCode): Promise<Translate> {
  const load = (code: string) => LOADERS[GLOB.replace("*", code)]?.().then((m) => m.default.pay) ?? Promise.resolve({});
  const [english, chosen] = await Promise.all([load("en"), lang === "en" ? Promise.resolve(undefined) : load(lang)]);
  return (key, values = {}) => {
    const text = (chosen && lookup(chosen, key)) ?? lookup(english, key) ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  };
}
