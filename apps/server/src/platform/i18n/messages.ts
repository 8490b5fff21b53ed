import en from "@washboard/shared/i18n/locales/en.json" with { type: "json" };

/** The server answers in English; the console translates codes and keys into the user's language. */
export type MessageParams = Record<string, string | number>;

export function englishMessage(key: string, params: MessageParams = {}): string {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== "string") return key;
  // The catalogue's i18next placeholders, {{name}}, filled the same way the console fills them.
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}
