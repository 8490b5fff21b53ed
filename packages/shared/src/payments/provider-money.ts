import { CURRENCY_CODES, getCurrency } from "../money/currencies.js";
import { type ProviderMoney, providerOf } from "./providers.js";

/**
 * Money between our minor units and each provider's (defect: a ฿50 wash was sent to WeChat Pay as
 * 50, that is ฿0.50). Our table counts some currencies in whole units (THB, TWD, IDR, HUF, …) and
 * ISK in hundredths; providers count by ISO 4217 or by their own rules, declared in their
 * descriptor (`PaymentProviderDescriptor.money`). Every payment, refund and notification check
 * converts here and nowhere else, exactly (integers only): an amount a provider cannot carry is
 * refused, never rounded.
 */

/** ISO 4217 minor-unit exponents of the currencies we hold; the platform's own units have none. */
export const ISO_DECIMALS: Readonly<Record<string, number>> = {
  CNY: 2,
  HKD: 2,
  TWD: 2,
  JPY: 0,
  KRW: 0,
  MYR: 2,
  SGD: 2,
  IDR: 2,
  THB: 2,
  PHP: 2,
  VND: 0,
  KHR: 2,
  MVR: 2,
  ILS: 2,
  TRY: 2,
  INR: 2,
  BND: 2,
  LAK: 2,
  USD: 2,
  AED: 2,
  LKR: 2,
  EUR: 2,
  BGN: 2,
  HRK: 2,
  CZK: 2,
  DKK: 2,
  GBP: 2,
  HUF: 2,
  ISK: 0,
  NOK: 2,
  PLN: 2,
  SEK: 2,
  CHF: 2,
  RON: 2,
  UAH: 2,
  CAD: 2,
  MXN: 2,
  PYG: 0,
  CRC: 2,
  DOP: 2,
  ZAR: 2,
  ETB: 2,
  TZS: 2,
  NGN: 2,
  DZD: 2,
  EGP: 2,
  AUD: 2,
  NZD: 2,
  ARS: 2,
  MNT: 2,
  BRL: 2,
};

/** The platform's internal units: no provider takes them. */
const INTERNAL_UNITS = new Set(["EQL", "EQB"]);

export class ProviderAmountError extends Error {}

function moneyOf(provider: string): ProviderMoney | null {
  return providerOf(provider)?.money ?? null;
}

/** The merchant model a provider takes a currency under ("domestic", "global", …), or null when it does not take it. */
export function merchantModelOf(provider: string, currency: string): string | null {
  const money = moneyOf(provider);
  const code = currency.toUpperCase();
  if (!money || !CURRENCY_CODES.includes(code) || INTERNAL_UNITS.has(code)) return null;
  if (money.currencies === "*")
    return money.unit === "ours" || ISO_DECIMALS[code] !== undefined ? (money.model ?? "merchant") : null;
  return money.currencies[code] ?? null;
}

/** Whether a provider takes payments in a currency (the sandbox takes every one of ours). */
export function providerTakes(provider: string, currency: string): boolean {
  return merchantModelOf(provider, currency) !== null;
}

/** The currencies of ours a provider takes. */
export function currenciesOf(provider: string): string[] {
  return CURRENCY_CODES.filter((code) => providerTakes(provider, code));
}

/** How many decimals a provider counts a currency in. */
function providerDecimals(money: ProviderMoney, code: string): number {
  const own = money.decimals?.[code];
  if (own !== undefined) return own;
  const iso = ISO_DECIMALS[code];
  if (iso === undefined) throw new ProviderAmountError(`no ISO 4217 decimals for ${code}`);
  return iso;
}

const ourFactor = (code: string) => (getCurrency(code).decimals ? 100 : 1);

/** The provider's integer units for our minor units; refused when the provider cannot carry the amount. */
function toUnits(money: ProviderMoney, code: string, minor: number): number {
  if (!Number.isSafeInteger(minor) || minor < 0)
    throw new ProviderAmountError(`not an amount of minor units: ${minor}`);
  if (money.unit === "ours") return minor;
  const scaled = minor * 10 ** providerDecimals(money, code);
  const factor = ourFactor(code);
  if (scaled % factor !== 0) {
    throw new ProviderAmountError(`${minor} minor units of ${code} cannot be paid in whole units of the provider`);
  }
  return scaled / factor;
}

function checked(provider: string, currency: string): { money: ProviderMoney; code: string } {
  const money = moneyOf(provider);
  const code = currency.toUpperCase();
  if (!money || !providerTakes(provider, code)) {
    throw new ProviderAmountError(`${provider} does not take ${code}`);
  }
  return { money, code };
}

/**
 * An amount as the provider's wire carries it: an integer of its units (iso_minor, ours) or a
 * decimal string in major units (decimal). Throws ProviderAmountError when the provider does not take
 * the currency or cannot carry the amount exactly.
 */
export function toProviderAmount(provider: string, currency: string, minor: number): number | string {
  const { money, code } = checked(provider, currency);
  const units = toUnits(money, code, minor);
  if (money.unit !== "decimal") return units;
  const decimals = providerDecimals(money, code);
  if (decimals === 0) return String(units);
  const text = String(units).padStart(decimals + 1, "0");
  return `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** The same, where the wire wants a number (iso_minor, ours). */
export function toProviderInteger(provider: string, currency: string, minor: number): number {
  const amount = toProviderAmount(provider, currency, minor);
  if (typeof amount !== "number") throw new ProviderAmountError(`${provider} counts ${currency} as a decimal string`);
  return amount;
}

/** The same, where the wire wants a decimal string (decimal). */
export function toProviderDecimal(provider: string, currency: string, minor: number): string {
  const amount = toProviderAmount(provider, currency, minor);
  if (typeof amount !== "string") throw new ProviderAmountError(`${provider} counts ${currency} as an integer`);
  return amount;
}

/**
 * An amount the provider states, in our minor units; null when it is unreadable, the provider does
 * not take the currency, or it is finer than our unit (it then matches no order: never rounded).
 */
export function fromProviderAmount(provider: string, currency: string, value: number | string): number | null {
  const money = moneyOf(provider);
  const code = currency.toUpperCase();
  if (!money || !providerTakes(provider, code)) return null;
  let units: number;
  if (money.unit === "decimal") {
    const decimals = providerDecimals(money, code);
    const match = typeof value === "string" ? /^(\d{1,15})(?:\.(\d+))?$/.exec(value.trim()) : null;
    if (!match) return null;
    // Trailing zeros say nothing ("500.00" yen is 500 yen).
    const fraction = (match[2] ?? "").replace(/0+$/, "");
    if (fraction.length > decimals) return null;
    units = Number(match[1]) * 10 ** decimals + Number(fraction.padEnd(decimals, "0") || "0");
  } else {
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) return null;
    units = value;
  }
  if (money.unit === "ours") return units;
  const scaled = units * ourFactor(code);
  const divisor = 10 ** providerDecimals(money, code);
  return scaled % divisor === 0 ? scaled / divisor : null;
}
