import { getCurrency } from "../money/currencies.js";

/**
 * Ceilings on what one machine message may be worth: a cycle (a cash sale, a card tap) and a card
 * credited at a kiosk. A controller that reports more is broken or forged, and its message is set
 * aside instead of becoming revenue or balance. A vendor sets its own; until then these defaults
 * hold — generous (a cycle of an industrial machine or a car wash stays far below), yet far from
 * the 2^31 minor units a register can carry.
 */
export const DEFAULT_CEILINGS_USD = { cycle: 200, topUp: 1_000 } as const;

/**
 * Rough units of each currency per US dollar — an order of magnitude for the defaults above, not a
 * rate to convert money with (nothing is ever converted).
 */
const ROUGH_UNITS_PER_USD: Readonly<Record<string, number>> = {
  CNY: 7.2,
  HKD: 7.8,
  TWD: 32,
  JPY: 150,
  KRW: 1_400,
  MYR: 4.5,
  SGD: 1.35,
  IDR: 16_000,
  THB: 35,
  PHP: 57,
  VND: 25_000,
  KHR: 4_100,
  MVR: 15.4,
  ILS: 3.7,
  TRY: 40,
  INR: 85,
  BND: 1.35,
  LAK: 21_000,
  USD: 1,
  AED: 3.67,
  LKR: 300,
  EUR: 0.92,
  BGN: 1.8,
  HRK: 6.9,
  CZK: 23,
  DKK: 6.9,
  GBP: 0.79,
  HUF: 370,
  ISK: 138,
  NOK: 11,
  PLN: 4,
  SEK: 10.5,
  CHF: 0.88,
  RON: 4.6,
  UAH: 41,
  CAD: 1.38,
  MXN: 19,
  PYG: 7_500,
  CRC: 510,
  DOP: 60,
  ZAR: 18,
  ETB: 120,
  TZS: 2_500,
  NGN: 1_500,
  DZD: 135,
  EGP: 48,
  AUD: 1.5,
  NZD: 1.65,
  ARS: 1_000,
  MNT: 3_400,
  BRL: 5.5,
  EQL: 1,
  EQB: 100,
};

/** The next value of 1, 2, 5, 10, 20, 50, … at or above `value`: a ceiling an operator reads at a glance. */
function roundUpToNiceNumber(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

export interface MoneyLimits {
  /** The most one cycle may cost (a cash sale's price, a card tap's amount), in minor units. */
  maxCycleAmount: number;
  /** The most a kiosk may credit to one card at once, in minor units. */
  maxTopUpAmount: number;
}

/** The largest amount the device protocol carries (a signed 32-bit register). */
const WIRE_AMOUNT_MAX = 2_147_483_647;

/** About `usd` US dollars in a currency's minor units, rounded up to a number read at a glance. */
function roughlyUsd(usd: number, currencyCode: string): number {
  const currency = getCurrency(currencyCode);
  const perUsd = ROUGH_UNITS_PER_USD[currency.code] ?? 1;
  const minor = currency.decimals ? 100 : 1;
  // A currency of many units with decimals (kip) would pass the wire's largest amount: it stops there.
  return Math.min(roundUpToNiceNumber(usd * perUsd) * minor, WIRE_AMOUNT_MAX);
}

/** The default ceilings in a currency's minor units. */
export function defaultMoneyLimits(currencyCode: string): MoneyLimits {
  return {
    maxCycleAmount: roughlyUsd(DEFAULT_CEILINGS_USD.cycle, currencyCode),
    maxTopUpAmount: roughlyUsd(DEFAULT_CEILINGS_USD.topUp, currencyCode),
  };
}

/**
 * The most one member top-up through the sandbox may be: about USD 500, in the vendor's currency's
 * minor units (MYR 5,000.00, THB 20,000). The sandbox is the demo's provider and moves no money, so
 * it must not mint balances no real top-up would (a member once topped up THB 1,000,000 with it).
 */
export const SANDBOX_TOP_UP_MAX_USD = 500;

export function sandboxTopUpMax(currencyCode: string): number {
  return roughlyUsd(SANDBOX_TOP_UP_MAX_USD, currencyCode);
}

/** Machine types that may credit money to a card (a kiosk sells balance); no other machine may. */
export const CARD_CREDIT_MACHINE_TYPES: readonly string[] = ["kiosk"];
