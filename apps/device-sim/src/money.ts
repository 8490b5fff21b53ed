import { minorUnits } from "@washboard/shared";

/**
 * What a machine's money is, from the fleet file: the vendor's currency and the coin its machines
 * take, in the currency's minor unit (RM 1 is 100 sen, ฿10 is 10 baht). The device protocol knows
 * no currency — every amount is minor units — so this only sizes what the machine prices itself:
 * the programs of a machine without a price template, and the coins and notes customers pay with.
 * A price template's prices are minor units already and are charged as they are.
 */
export interface MachineMoney {
  /** ISO code, or null when the fleet file does not say. */
  currency: string | null;
  /** One coin, minor units. */
  coin: number;
}

/** A machine told nothing of its money: a two-decimal currency whose coin is one whole unit (1.00). */
export const UNTOLD_MONEY: MachineMoney = { currency: null, coin: 100 };

/**
 * The money of a machine of a vendor with this currency and coin. A vendor that has set no coin
 * pays in coins of one whole unit of its currency, converted as every amount is (`minorUnits`).
 */
export function machineMoney(currency: string | undefined, coin: number | undefined): MachineMoney {
  if (currency === undefined) return coin === undefined ? UNTOLD_MONEY : { currency: null, coin };
  return { currency, coin: coin ?? minorUnits(1, currency) };
}
