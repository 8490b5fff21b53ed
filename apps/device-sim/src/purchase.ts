import type { MachineParams } from "@washboard/device-protocol";
import { machinePriceAt, type TemplateOnMachine, templateOfParams } from "@washboard/shared";
import { type MachineProfile, type ProgramProfile, priceStep } from "./machine-profiles.js";
import type { MachineMoney } from "./money.js";
import { chance, integerBetween, pickOne, type Random } from "./random.js";

/** What one customer buys and how they pay. */
export interface Purchase {
  program: string;
  /** Minor units of the vendor's currency. */
  price: number;
  minutes: number;
  payment: { method: "coins" | "notes"; pieces: number[] } | { method: "card"; cardNumber: string };
  /** Not a cycle: the card a kiosk tops up with the money, or change from a coin exchanger. */
  service?: { kind: "card_top_up"; cardNumber: string } | { kind: "change" };
}

/** Most customers take the standard program (a template's own, without an option). */
const STANDARD_SHARE = 0.6;
/** Events allow cycles of up to a day. */
const LONGEST_CYCLE_MINUTES = 1440;

/** A program a customer buys: its name, price (minor units) and minutes. */
export type ProgramChoice = Pick<Purchase, "program" | "price" | "minutes">;

/**
 * What a customer buys. A machine running a price template (its `price_lo`/`price_hi`, … parameters,
 * read back by the shared `templateOfParams`) sells the template's program at the template's price,
 * or with one of its options at the price plus the option's, as the pay page offers them; a machine
 * without one sells its type's programs at prices of its own, in the vendor's coins. A time-of-day
 * price it holds (`tod*` parameters) changes that price by the shared rule the pay page's uses.
 */
export function drawPurchase(
  profile: MachineProfile,
  params: MachineParams,
  money: MachineMoney,
  random: Random,
  /** The machine's clock: its time-of-day prices (pushed as parameters) may change the price. */
  at: Date = new Date(),
): Purchase {
  const template = templateOfParams(params);
  const choice = template ? templateChoice(profile, template, random) : ownChoice(profile, money, random);
  const { program, minutes } = choice;
  const price = machinePriceAt(choice.price, params, at);
  const payment: Purchase["payment"] = chance(random, profile.payment.cardShare)
    ? { method: "card", cardNumber: cardNumber(random) }
    : {
        method: profile.payment.method,
        pieces: piecesFor(
          price,
          profile.payment.denominations.map((coins) => coins * money.coin),
        ),
      };
  const purchase: Purchase = { program, price, minutes: Math.min(LONGEST_CYCLE_MINUTES, minutes), payment };
  if (profile.service === "card_top_up") purchase.service = { kind: "card_top_up", cardNumber: cardNumber(random) };
  if (profile.service === "change") purchase.service = { kind: "change" };
  return purchase;
}

/**
 * What a machine on a price template sells, as the pay page offers it: the template's program at
 * its price, then the program with each option (price and minutes added). The parameters carry the
 * template's amounts, not its names: the program is named by the machine type's standard program,
 * `+opt<n>` for option n.
 */
export function templatePrograms(
  profile: MachineProfile,
  template: {
    price: number;
    estimated_minutes: number;
    options: readonly { added_price: number; added_minutes: number }[];
  },
): ProgramChoice[] {
  const [standard] = profile.programs;
  const minutes = template.estimated_minutes;
  return [
    { program: standard.name, price: template.price, minutes },
    ...template.options.map((option, index) => ({
      program: `${standard.name}+opt${index + 1}`,
      price: template.price + option.added_price,
      minutes: minutes + option.added_minutes,
    })),
  ];
}

function templateChoice(profile: MachineProfile, template: TemplateOnMachine, random: Random): ProgramChoice {
  const [standard] = profile.programs;
  const minutes = template.estimated_minutes ?? integerBetween(random, standard.minutes[0], standard.minutes[1]);
  const [own, ...withOptions] = templatePrograms(profile, { ...template, estimated_minutes: minutes });
  if (own === undefined) throw new Error("a template sells at least its own program");
  return withOptions.length === 0 || chance(random, STANDARD_SHARE) ? own : pickOne(random, withOptions);
}

function ownChoice(profile: MachineProfile, money: MachineMoney, random: Random): ProgramChoice {
  const [standard, ...others] = profile.programs;
  const program: ProgramProfile =
    others.length === 0 || chance(random, STANDARD_SHARE) ? standard : pickOne(random, others);
  const step = priceStep(profile);
  const coins = integerBetween(random, Math.ceil(program.price[0] / step), Math.floor(program.price[1] / step)) * step;
  return {
    program: program.name,
    price: coins * money.coin,
    minutes: integerBetween(random, program.minutes[0], program.minutes[1]),
  };
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
