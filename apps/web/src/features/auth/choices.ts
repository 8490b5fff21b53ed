import { CURRENCIES, CURRENCY_CODES, LANGUAGES } from "@washboard/shared";

/** Currency options with names in the interface language where the browser knows them. */
export function currencyOptions(language: string) {
  let names: Intl.DisplayNames | undefined;
  try {
    names = new Intl.DisplayNames([language], { type: "currency" });
  } catch {
    names = undefined;
  }
  return CURRENCY_CODES.map((code) => {
    const currency = CURRENCIES.get(code);
    const name = (code.startsWith("EQ") ? undefined : names?.of(code)) ?? currency?.name ?? code;
    return { value: code, label: `${code} · ${name}` };
  });
}

export const languageOptions = LANGUAGES.map((l) => ({ value: l.code, label: l.name }));

export function timeZoneOptions() {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : ["UTC"];
  return zones.map((zone) => ({ value: zone, label: zone }));
}

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
