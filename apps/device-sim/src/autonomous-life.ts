import type { Machine } from "./machine.js";
import type { MachineProfile } from "./machine-profiles.js";
import { drawPurchase } from "./purchase.js";
import { exponential, integerBetween, pickOne, type Random } from "./random.js";
import { realMs, type TaskGroup } from "./scheduler.js";

/** What the life of a machine may do to its device. */
export interface LifeControls {
  machine: Machine;
  profile: MachineProfile;
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

/** A customer finding the machine in use or out of order comes back sooner than a new one. */
const RETRY_SHARE_OF_IDLE = 0.25;
/** A fault waits for the running cycle to end. */
const FAULT_RETRY_MINUTES = 10;

/**
 * A machine left to itself: customers arrive at random and pay and run cycles, the machine
 * sometimes faults and is repaired, and sometimes loses its network for a while. All of it runs
 * on simulated time through the device's scheduler and draws from the device's `random`.
 */
export class AutonomousLife {
  private running = false;

  constructor(
    private readonly controls: LifeControls,
    private readonly random: Random,
    private readonly tasks: TaskGroup,
    private readonly timeScale: number,
    private readonly rates: LifeRates = LIFE_RATES,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    const { meanIdleMinutes } = this.controls.profile;
    // The first customers of a fleet spread over one idle period, so devices do not start in step.
    this.after(this.random() * meanIdleMinutes, () => this.customerArrives());
    this.after(exponential(this.random, this.rates.meanMinutesBetweenFaults), () => this.breakDown());
    this.after(exponential(this.random, this.rates.meanMinutesBetweenDrops), () => this.loseNetwork());
  }

  stop(): void {
    this.running = false;
    this.tasks.cancelAll();
  }

  private after(minutes: number, run: () => void): void {
    this.tasks.after(realMs(minutes * 60, this.timeScale), run);
  }

  private customerArrives(): void {
    const { machine, profile } = this.controls;
    if (!machine.isReady) {
      this.after(exponential(this.random, profile.meanIdleMinutes * RETRY_SHARE_OF_IDLE), () => this.customerArrives());
      return;
    }
    const purchase = drawPurchase(profile, machine.currentParams, this.random);
    machine.sell(purchase);
    this.after(purchase.minutes + exponential(this.random, profile.meanIdleMinutes), () => this.customerArrives());
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
