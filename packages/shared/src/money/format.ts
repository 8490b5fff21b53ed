import { getCurrency } from "./currencies.js";

/**
 * The one money formatter. Amounts are integers in the currency's minor unit (the wire format of
 * spec §9): cents for decimal currencies, whole units for the others.
 */
export interface MoneyFormatOptions {
  /** The spec's hide_symbol option: '1' (or true) hides the currency symbol. */
  hideSymbol?: boolean | "0" | "1";
}

const symbolHidden = (options: MoneyFormatOptions) => options.hideSymbol === true || options.hideSymbol === "1";

function groupThousands(digits: string, separator: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export function formatMoney(minor: number | bigint, currencyCode: string, options: MoneyFormatOptions = {}): string {
  const currency = getCurrency(currencyCode);
  if (typeof minor === "number" && !Number.isFinite(minor)) throw new RangeError(`Not an amount: ${minor}`);
  const value = typeof minor === "bigint" ? minor : BigInt(Math.trunc(minor));
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const thousands = currency.code === "IDR" ? "." : ",";
  let text: string;
  if (currency.decimals) {
    const whole = abs / 100n;
    const cents = (abs % 100n).toString().padStart(2, "0");
    text = `${groupThousands(whole.toString(), thousands)}.${cents}`;
  } else {
    text = groupThousands(abs.toString(), thousands);
  }
  const body = symbolHidden(options) ? text : `${currency.symbol} ${text}`;
  return negative ? `-${body}` : body;
}

/**
 * Parses what a person typed ("12.5", "1,200.00", "15.000" for IDR) into minor units.
 * Returns null for anything that is not an amount the currency can hold.
 */
export function parseMoney(input: string, currencyCode: string): number | null {
  const currency = getCurrency(currencyCode);
  const thousands = currency.code === "IDR" ? "\\." : ",";
  const trimmed = input.trim();
  // Thousands separators are accepted only where they belong: every three digits.
  const grouped = `-?(\\d{1,3}(${thousands}\\d{3})+|\\d+)`;
  const pattern = new RegExp(currency.decimals ? `^${grouped}(\\.\\d{1,2})?$` : `^${grouped}$`);
  if (!pattern.test(trimmed)) return null;
  const cleaned = trimmed.replace(new RegExp(thousands, "g"), "");
  const negative = cleaned.startsWith("-");
  const [whole = "0", fraction = ""] = cleaned.replace("-", "").split(".");
  const minor = currency.decimals ? Number(whole) * 100 + Number(fraction.padEnd(2, "0")) : Number(whole);
  if (!Number.isSafeInteger(minor)) return null;
  return negative ? -minor : minor;
}

/** Minor units per whole unit: 100 for decimal currencies, 1 otherwise. */
export function minorUnitFactor(currencyCode: string): 1 | 100 {
  return getCurrency(currencyCode).decimals ? 100 : 1;
}

/** An amount in whole units (12.5 for 1250 cents), the figure a spreadsheet adds up. */
export function majorUnits(minor: number, currencyCode: string): number {
  return minor / minorUnitFactor(currencyCode);
}

/**
 * An amount in whole units as the currency's minor units (RM 7: 700 sen; ฿50: 50), rounded to the
 * minor unit: the inverse of majorUnits, and the one way a figure in whole units becomes an amount.
 */
export function minorUnits(major: number, currencyCode: string): number {
  if (!Number.isFinite(major)) throw new RangeError(`Not an amount: ${major}`);
  return Math.round(major * minorUnitFactor(currencyCode));
}

/**
 * The Excel number format that shows a figure in whole units as formatMoney writes it: the
 * currency's decimals, thousands grouped, the symbol before it unless hidden. Excel groups
 * thousands with the reader's own separator, so IDR's dots are the reader's there.
 */
export function excelMoneyFormat(currencyCode: string, options: MoneyFormatOptions = {}): string {
  const currency = getCurrency(currencyCode);
  const figure = currency.decimals ? "#,##0.00" : "#,##0";
  return symbolHidden(options) ? figure : `"${currency.symbol} "${figure}`;
}
