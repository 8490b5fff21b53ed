import { DEFAULT_LANGUAGE, type LanguageCode } from "@washboard/shared";
import de from "@washboard/shared/i18n/locales/de.json" with { type: "json" };
import en from "@washboard/shared/i18n/locales/en.json" with { type: "json" };
import es from "@washboard/shared/i18n/locales/es.json" with { type: "json" };
import fr from "@washboard/shared/i18n/locales/fr.json" with { type: "json" };
import id from "@washboard/shared/i18n/locales/id.json" with { type: "json" };
import it from "@washboard/shared/i18n/locales/it.json" with { type: "json" };
import ja from "@washboard/shared/i18n/locales/ja-jp.json" with { type: "json" };
import pt from "@washboard/shared/i18n/locales/pt-pt.json" with { type: "json" };
import th from "@washboard/shared/i18n/locales/th-th.json" with { type: "json" };
import vi from "@washboard/shared/i18n/locales/vi-vn.json" with { type: "json" };
import zhCn from "@washboard/shared/i18n/locales/zh-cn.json" with { type: "json" };
import zhTw from "@washboard/shared/i18n/locales/zh-tw.json" with { type: "json" };

/**
 * The server answers calls in English (the console translates codes and keys into the user's
 * language); what it writes on its own — a scheduled report's mail — it writes in the reader's
 * language from the console's catalogues.
 */
export type MessageParams = Record<string, string | number>;

const CATALOGUES: Record<LanguageCode, unknown> = {
  "zh-cn": zhCn,
  "zh-tw": zhTw,
  en,
  "th-th": th,
  "vi-vn": vi,
  "ja-jp": ja,
  id,
  es,
  de,
  fr,
  "pt-pt": pt,
  it,
};

function lookup(catalogue: unknown, key: string): string | undefined {
  let node = catalogue;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** A catalogue string in the language (English where it has none; the key where neither has). */
export function message(language: LanguageCode, key: string, params: MessageParams = {}): string {
  const text = lookup(CATALOGUES[language], key) ?? lookup(CATALOGUES[DEFAULT_LANGUAGE], key) ?? key;
  // The catalogue's i18next placeholders, {{name}}, filled the same way the console fills them.
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}

/** Whether the English catalogue (which every other one mirrors) has the key. */
export function englishHas(key: string): boolean {
  return lookup(CATALOGUES[DEFAULT_LANGUAGE], key) !== undefined;
}

export function englishMessage(key: string, params: MessageParams = {}): string {
  return message(DEFAULT_LANGUAGE, key, params);
}
