import { AutonomousLife, LIFE_RATES, type LifeRates } from "./autonomous-life.js";
import type { EventBody } from "./device-messages.js";
import { Machine } from "./machine.js";
import { profileFor } from "./machine-profiles.js";
import { machineMoney } from "./money.js";
import { deviceSeed, seededRandom } from "./random.js";
import { ManualClock, TaskGroup } from "./scheduler.js";
import { type DeviceIdentity, initialParams } from "./simulated-device.js";

/** An event a machine reported, and when: milliseconds of wall-clock time since the trading began. */
export interface TradedEvent {
  serial: string;
  atMs: number;
  event: EventBody;
}

/** A cycle a customer paid for at the machine, in coins or by card (what becomes an order). */
export interface Sale {
  serial: string;
  atMs: number;
  program: string;
  /** Minor units of the vendor's currency. */
  price: number;
  minutes: number;
  paidBy: "coins" | "card";
}

export interface OfflineTradingOptions {
  /** Hours of wall-clock time to trade for. */
  hours: number;
  /** The machines' time scale, as the simulator's `--time-scale` (default 1). */
  timeScale?: number;
  /** As the simulator's `--customer-pace` (default 1: a real shop's customers). */
  customerPace?: number;
  /** Each machine draws from its own stream of this seed, as a seeded fleet does (default 1). */
  seed?: number;
  lifeRates?: Partial<LifeRates>;
}

/**
 * What a fleet's machines report over some hours when they live as the simulator runs them (the
 * same profiles, prices, money and autonomous life), with no broker and no waiting: every machine on
 * one manual clock, so a simulated day takes milliseconds. For tests and tallies of the demo's takings.
 */
export function tradeOffline(identities: readonly DeviceIdentity[], options: OfflineTradingOptions): TradedEvent[] {
  const clock = new ManualClock();
  const timeScale = options.timeScale ?? 1;
  const seed = options.seed ?? 1;
  const events: TradedEvent[] = [];
  const quiet = () => undefined;
  const lives = identities.map((identity) => {
    const profile = profileFor(identity.machineType);
    const machine = new Machine(
      {
        event: (event) => events.push({ serial: identity.serial, atMs: clock.elapsedMs, event }),
        status: quiet,
        reportedShadow: quiet,
        changed: quiet,
      },
      new TaskGroup(clock),
      timeScale,
      {
        firmware: identity.firmware ?? "1.0.0",
        params: initialParams(identity, profile),
        cashbox: { current: 0, cumulative: 0 },
      },
    );
    return new AutonomousLife(
      {
        machine,
        profile,
        money: machineMoney(identity.currency, identity.coin),
        dropConnection: quiet,
        restoreConnection: quiet,
      },
      seededRandom(deviceSeed(seed, identity.serial)),
      new TaskGroup(clock),
      { timeScale, customerPace: options.customerPace ?? 1 },
      { ...LIFE_RATES, ...options.lifeRates },
    );
  });
  for (const life of lives) life.start();
  clock.advance(options.hours * 3_600_000);
  for (const life of lives) life.stop();
  return events;
}

/**
 * The sales among a machine's events, as the server counts them: a cycle started with coins is a
 * cash sale at its price, one started by a card follows the card's debit of the same amount. A
 * kiosk's or exchanger's cash is no sale; a remote start is the order that paid for it.
 */
export function salesOf(events: readonly TradedEvent[]): Sale[] {
  return events.flatMap(({ serial, atMs, event }) =>
    event.type === "cycle_started" && (event.start_type === "coins" || event.start_type === "card")
      ? [{ serial, atMs, program: event.program, price: event.price, minutes: event.minutes, paidBy: event.start_type }]
      : [],
  );
}
