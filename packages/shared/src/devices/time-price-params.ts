import { localMomentAtOffset, lowestWindow, type TimeWindow } from "../pricing/time-windows.js";
import { amountOfWords, type MachineParamValues, TEMPLATE_AMOUNT_MAX } from "./template-params.js";

/**
 * Time-of-day prices as machine parameters (docs/device-protocol.md "Time-of-day prices"): what the
 * server pushes through set-parameters so that coins and cards at the machine pay what the pay page
 * charges. A machine holds at most MAX_MACHINE_WINDOWS; each is
 * `tod<n>_days` (bit d set: weekday d, 0 Sunday), `tod<n>_from` and `tod<n>_to` (minute of the local
 * day), `tod<n>_pct` (percent off, 1–99) or, with `tod<n>_pct` 0, a fixed price in
 * `tod<n>_price_lo`/`_hi`; `tod_count` says how many are set, `utc_offset` is the shop's offset from
 * UTC in minutes plus 720 (a machine's clock is UTC; the value is never negative).
 */
export const MAX_MACHINE_WINDOWS = 4;
const OFFSET_BIAS = 720;

export function timePriceParams(windows: readonly TimeWindow[], utcOffsetMinutes: number): Record<string, number> {
  if (windows.length > MAX_MACHINE_WINDOWS) {
    throw new RangeError(`a machine holds at most ${MAX_MACHINE_WINDOWS} time-of-day prices`);
  }
  const params: Record<string, number> = { tod_count: windows.length, utc_offset: utcOffsetMinutes + OFFSET_BIAS };
  windows.forEach((window, index) => {
    const n = `tod${index + 1}`;
    const price = "price" in window.change ? window.change.price : 0;
    if (price > TEMPLATE_AMOUNT_MAX) throw new RangeError(`${n} price ${price} does not fit two machine words`);
    Object.assign(params, {
      [`${n}_days`]: window.days.reduce((mask, day) => mask | (1 << day), 0),
      [`${n}_from`]: window.fromMinute,
      [`${n}_to`]: window.toMinute,
      [`${n}_pct`]: "percentOff" in window.change ? window.change.percentOff : 0,
      [`${n}_price_lo`]: price % 0x1_0000,
      [`${n}_price_hi`]: Math.floor(price / 0x1_0000),
    });
  });
  return params;
}

/** The time-of-day prices a machine holds, read back from its parameters (none: an empty list). */
export function timePricesOfParams(params: MachineParamValues): { windows: TimeWindow[]; utcOffsetMinutes: number } {
  const count = Math.min(params.tod_count ?? 0, MAX_MACHINE_WINDOWS);
  const windows: TimeWindow[] = [];
  for (let index = 1; index <= count; index++) {
    const n = `tod${index}`;
    const mask = params[`${n}_days`] ?? 0;
    const percentOff = params[`${n}_pct`] ?? 0;
    windows.push({
      days: [0, 1, 2, 3, 4, 5, 6].filter((day) => mask & (1 << day)),
      fromMinute: params[`${n}_from`] ?? 0,
      toMinute: params[`${n}_to`] ?? 0,
      change: percentOff > 0 ? { percentOff } : { price: amountOfWords(params, `${n}_price`) ?? 0 },
    });
  }
  return { windows, utcOffsetMinutes: (params.utc_offset ?? OFFSET_BIAS) - OFFSET_BIAS };
}

/** What a machine charges for a program of list price `listPrice` at `at`, by its time-of-day prices. */
export function machinePriceAt(listPrice: number, params: MachineParamValues, at: Date): number {
  const { windows, utcOffsetMinutes } = timePricesOfParams(params);
  return lowestWindow(windows, listPrice, localMomentAtOffset(at, utcOffsetMinutes))?.price ?? listPrice;
}
