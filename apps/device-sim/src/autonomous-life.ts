import type { Machine } from "./machine.js";
import type { MachineProfile } from "./machine-profiles.js";
import type { MachineMoney } from "./money.js";
import { drawPurchase } from "./purchase.js";
import { exponential, integerBetween, pickOne, type Random } from "./random.js";
import { realMs, type TaskGroup } from "./scheduler.js";

/** What the life of a machine may do to its device. */
export interface LifeControls {
  machine: Machine;
  profile: MachineProfile;
  /** The vendor's currency and coin, for the prices the machine sets itself. */
  money: MachineMoney;
  /** The network goes away without a word (the broker publishes the will). */
  dropConnection(): void;
  restoreConnection(): void;
}

/** How often the bad days come and how long they last, in simulated minutes. */
export interface LifeRates {
  meanMinutesBetweenFaults: number;
  /** Until someone comes to fix it; inclusive range. */
  faultMinutes: readonly [number, number];
  meanMinutesBetweenDrops: number;
  dropMinutes: readonly [number, number];
}

/** A machine faults every few days and loses its network about weekly. */
export const LIFE_RATES: LifeRates = {
  meanMinutesBetweenFaults: 4 * 24 * 60,
  faultMinutes: [15, 180],
  meanMinutesBetweenDrops: 7 * 24 * 60,
  dropMinutes: [1, 20],
};

/**
 * How fast a machine's life runs. The time scale speeds the machine (its cycles, faults, repairs
 * and network drops: a lively screen); customers keep the wall clock, at their type's uses a day
 * times `customerPace` — 1 for the demo, so its takings grow as a real shop's whatever the time
 * scale; tests and load runs raise it.
 */
export interface LifePace {
  timeScale: number;
  customerPace: number;
}

/** A customer finding the machine in use or out of order comes back sooner than a new one. */
const RETRY_SHARE_OF_GAP = 0.25;
/** A fault waits for the running cycle to end. */
const FAULT_RETRY_MINUTES = 10;

/**
 * A machine left to itself: customers arrive at random and pay and run cycles, the machine
 * sometimes faults and is repaired, and sometimes loses its network for a while. Customers come on
 * the wall clock (`LifePace`), the rest runs on simulated time; all of it through the device's
 * scheduler, drawing from the device's `random`.
 */
export class AutonomousLife {
  private running = false;

  constructor(
    private readonly controls: LifeControls,
    private readonly random: Random,
    private readonly tasks: TaskGroup,
    private readonly pace: LifePace,
    private readonly rates: LifeRates = LIFE_RATES,
  ) {
    if (!(pace.customerPace > 0)) throw new RangeError(`customerPace must be positive, not ${pace.customerPace}`);
  }

  /** Mean real minutes between two customers of the machine. */
  private get customerGapMinutes(): number {
    return (24 * 60) / this.controls.profile.usesPerDay;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // The first customers of a fleet spread over one gap between customers, so devices do not start in step.
    this.afterCustomers(this.random() * this.customerGapMinutes, () => this.customerArrives());
    this.after(exponential(this.random, this.rates.meanMinutesBetweenFaults), () => this.breakDown());
    this.after(exponential(this.random, this.rates.meanMinutesBetweenDrops), () => this.loseNetwork());
  }

  stop(): void {
    this.running = false;
    this.tasks.cancelAll();
  }

  /** After simulated minutes: the machine's own time. */
  private after(minutes: number, run: () => void): void {
    this.tasks.after(realMs(minutes * 60, this.pace.timeScale), run);
  }

  /** After minutes of the customers' time: the wall clock, unless a test hurries them. */
  private afterCustomers(minutes: number, run: () => void): void {
    this.tasks.after(realMs(minutes * 60, this.pace.customerPace), run);
  }

  /**
   * A customer at the machine; the next comes a random gap later (uses a day on average), counted
   * from this one's arrival and not from the end of the cycle, so how fast cycles run does not change
   * how many are sold.
   */
  private customerArrives(): void {
    const { machine, profile, money } = this.controls;
    const gap = this.customerGapMinutes;
    if (!machine.isReady) {
      this.afterCustomers(exponential(this.random, gap * RETRY_SHARE_OF_GAP), () => this.customerArrives());
      return;
    }
    machine.sell(drawPurchase(profile, machine.currentParams, money, this.random));
    this.afterCustomers(exponential(this.random, gap), () => this.customerArrives());
  }

  private breakDown(): void {
    const { machine, profile } = this.controls;
    if (!machine.isReady) {
      this.after(FAULT_RETRY_MINUTES, () => this.breakDown());
      return;
    }
    const code = pickOne(this.random, profile.faultCodes);
    machine.raiseFault(code);
    const [shortest, longest] = this.rates.faultMinutes;
    this.after(integerBetween(this.random, shortest, longest), () => {
      // Someone may have cleared it (a restart) or another fault replaced it: only this one is repaired.
      if (machine.faultCode === code) machine.clearFault();
      this.after(exponential(this.random, this.rates.meanMinutesBetweenFaults), () => this.breakDown());
    });
  }

  private loseNetwork(): void {
    this.controls.dropConnection();
    const [shortest, longest] = this.rates.dropMinutes;
    this.after(integerBetween(this.random, shortest, longest), () => {
      this.controls.restoreConnection();
      this.after(exponential(this.random, this.rates.meanMinutesBetweenDrops), () => this.loseNetwork());
    });
  }
}
