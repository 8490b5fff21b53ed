import en from "@washboard/shared/i18n/locales/en.json" with { type: "json" };

/** The server answers in English; the console translates codes and keys into the user's language. */
export function englishMessage(key: string): string {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null) return key;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string" ? node : key;
}
