import type { MachineParams } from "@washboard/device-protocol";
import { type MachineProfile, type ProgramProfile, priceStep } from "./machine-profiles.js";
import { chance, integerBetween, pickOne, type Random } from "./random.js";

/** What one customer buys and how they pay. */
export interface Purchase {
  program: string;
  price: number;
  minutes: number;
  payment: { method: "coins" | "notes"; pieces: number[] } | { method: "card"; cardNumber: string };
  /** Not a cycle: the card a kiosk tops up with the money, or change from a coin exchanger. */
  service?: { kind: "card_top_up"; cardNumber: string } | { kind: "change" };
}

/** Most customers take the standard program, the one the operator prices through the parameters. */
const STANDARD_SHARE = 0.6;
/** Events allow cycles of up to a day. */
const LONGEST_CYCLE_MINUTES = 1440;

export function drawPurchase(profile: MachineProfile, params: MachineParams, random: Random): Purchase {
  const [standard, ...others] = profile.programs;
  const program: ProgramProfile =
    others.length === 0 || chance(random, STANDARD_SHARE) ? standard : pickOne(random, others);
  const isStandard = program === standard;
  const step = priceStep(profile);
  const price =
    isStandard && params.price !== undefined
      ? params.price
      : integerBetween(random, Math.ceil(program.price[0] / step), Math.floor(program.price[1] / step)) * step;
  const minutes = Math.min(
    LONGEST_CYCLE_MINUTES,
    isStandard && params.cycle_minutes !== undefined
      ? params.cycle_minutes
      : integerBetween(random, program.minutes[0], program.minutes[1]),
  );
  const payment: Purchase["payment"] = chance(random, profile.payment.cardShare)
    ? { method: "card", cardNumber: cardNumber(random) }
    : { method: profile.payment.method, pieces: piecesFor(price, profile.payment.denominations) };
  const purchase: Purchase = { program: program.name, price, minutes, payment };
  if (profile.service === "card_top_up") purchase.service = { kind: "card_top_up", cardNumber: cardNumber(random) };
  if (profile.service === "change") purchase.service = { kind: "change" };
  return purchase;
}

/**
 * The coins or notes a customer inserts for a price: the largest that fit, then, if the price is
 * not a sum of them (an operator's odd price), one small piece more — the machine keeps the change.
 */
export function piecesFor(price: number, denominations: readonly number[]): number[] {
  const largestFirst = [...denominations].sort((a, b) => b - a);
  const smallest = largestFirst[largestFirst.length - 1];
  if (smallest === undefined) return [];
  const pieces: number[] = [];
  let left = price;
  while (left > 0) {
    const piece = largestFirst.find((value) => value <= left) ?? smallest;
    pieces.push(piece);
    left -= piece;
  }
  return pieces;
}

/**
 * The cards the customers of simulated machines carry: one of a fixed set of numbers, so that a
 * demo which registers these cards with its members sees its machines' card taps debit them.
 */
export const SIMULATED_CARD_COUNT = 150;
export function simulatedCardNumber(index: number): string {
  return `88${String(index).padStart(8, "0")}`;
}

function cardNumber(random: Random): string {
  return simulatedCardNumber(integerBetween(random, 0, SIMULATED_CARD_COUNT - 1));
}
