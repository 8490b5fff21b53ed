import type { CashBox, MachineParams, StartType } from "@washboard/device-protocol";
import type { EventBody, ReportedState } from "./device-messages.js";
import type { Purchase } from "./purchase.js";
import { realMs, type TaskGroup } from "./scheduler.js";

/** Where a machine's changes go: the device turns them into MQTT messages. */
export interface MachineOutput {
  event(body: EventBody): void;
  status(): void;
  reportedShadow(): void;
  /** Any change of state, for whoever waits on one. */
  changed(): void;
}

export interface CycleStart {
  start_type: StartType;
  program: string;
  price: number;
  minutes: number;
  command_id?: string;
}

export interface MachineState extends ReportedState {
  /** The firmware version being installed, or null. */
  updatingTo: string | null;
}

/** Cash box counters are 31-bit on the wire; a simulation running for years stops there. */
const LARGEST_AMOUNT = 2_147_483_647;

/** A firmware update's steps, in simulated seconds after it was accepted. */
const DOWNLOAD_STEPS = [
  { at: 0, percent: 0 },
  { at: 5, percent: 25 },
  { at: 10, percent: 50 },
  { at: 15, percent: 75 },
  { at: 20, percent: 100 },
] as const;
const INSTALL_AT = 22;
const INSTALLED_AT = 40;

/**
 * The machine itself, without its network: cash box, parameters, a running cycle, a fault, the
 * firmware and an update in progress. It keeps working while the device is offline.
 */
export class Machine {
  private busy = false;
  private fault: string | null = null;
  private cashbox: CashBox;
  private params: MachineParams;
  private firmware: string;
  private updatingTo: string | null = null;

  constructor(
    private readonly output: MachineOutput,
    /** Cycle and update steps; cancelled together when the machine halts. */
    private readonly tasks: TaskGroup,
    private readonly timeScale: number,
    initial: { firmware: string; params: MachineParams; cashbox: CashBox },
  ) {
    this.firmware = initial.firmware;
    this.params = { ...initial.params };
    this.cashbox = { ...initial.cashbox };
  }

  get state(): MachineState {
    return {
      busy: this.busy,
      fault: this.fault,
      cashbox: { ...this.cashbox },
      params: { ...this.params },
      firmware: this.firmware,
      updatingTo: this.updatingTo,
    };
  }

  get isBusy(): boolean {
    return this.busy;
  }

  get faultCode(): string | null {
    return this.fault;
  }

  get isUpdating(): boolean {
    return this.updatingTo !== null;
  }

  get currentParams(): MachineParams {
    return this.params;
  }

  get firmwareVersion(): string {
    return this.firmware;
  }

  /** Free for a customer: not running, not faulted, not installing firmware. */
  get isReady(): boolean {
    return !this.busy && this.fault === null && this.updatingTo === null;
  }

  acceptCash(type: "coin_inserted" | "note_inserted", amount: number): void {
    this.cashbox = {
      current: Math.min(LARGEST_AMOUNT, this.cashbox.current + amount),
      cumulative: Math.min(LARGEST_AMOUNT, this.cashbox.cumulative + amount),
    };
    this.output.event({ type, amount });
    this.output.changed();
  }

  /** Empties the cash box; answers it as it was. */
  collectCashbox(): CashBox {
    const before = { ...this.cashbox };
    this.cashbox = { current: 0, cumulative: before.cumulative };
    this.output.event({ type: "cashbox_collected", amount: before.current });
    this.output.reportedShadow();
    this.output.changed();
    return before;
  }

  applyParams(params: MachineParams): void {
    this.params = { ...this.params, ...params };
    this.output.reportedShadow();
    this.output.changed();
  }

  /** A customer at the machine: payment, then the cycle. */
  sell(purchase: Purchase): void {
    const { payment } = purchase;
    if (payment.method === "card") {
      this.output.event({ type: "card_used", card_number: payment.cardNumber, amount: purchase.price });
    } else {
      const type = payment.method === "coins" ? "coin_inserted" : "note_inserted";
      for (const piece of payment.pieces) this.acceptCash(type, piece);
      // One shadow for the whole payment rather than one per coin: a fleet sends enough already.
      this.output.reportedShadow();
    }
    const { program, price, minutes, service } = purchase;
    // A kiosk or a coin exchanger serves the customer at once; it has no cycle to run.
    if (service?.kind === "card_top_up") {
      this.output.event({ type: "card_topped_up", card_number: service.cardNumber, amount: price });
      return;
    }
    if (service?.kind === "change") {
      this.output.event({ type: "change_given", amount: price });
      return;
    }
    this.startCycle({ start_type: payment.method === "card" ? "card" : "coins", program, price, minutes });
  }

  startCycle(start: CycleStart): void {
    this.busy = true;
    this.output.event({ type: "cycle_started", ...start });
    this.output.status();
    this.output.changed();
    this.tasks.after(realMs(start.minutes * 60, this.timeScale), () => this.finishCycle(start.program));
  }

  private finishCycle(program: string): void {
    this.busy = false;
    this.output.event({ type: "cycle_finished", program });
    this.output.status();
    this.output.changed();
  }

  raiseFault(code: string): void {
    if (this.fault === code) return;
    this.fault = code;
    this.output.status();
    this.output.changed();
  }

  clearFault(): void {
    if (this.fault === null) return;
    this.fault = null;
    this.output.status();
    this.output.changed();
  }

  /** Downloads and installs a version, reporting progress; `fails` makes the install fail at the end. */
  updateFirmware(version: string, fails: boolean): void {
    this.updatingTo = version;
    const progress = (stage: "downloading" | "installing" | "done" | "failed", percent: number) =>
      this.output.event({ type: "firmware_progress", version, stage, percent });
    for (const step of DOWNLOAD_STEPS) {
      if (step.at === 0) progress("downloading", step.percent);
      else this.tasks.after(realMs(step.at, this.timeScale), () => progress("downloading", step.percent));
    }
    this.tasks.after(realMs(INSTALL_AT, this.timeScale), () => progress("installing", 0));
    this.tasks.after(realMs(INSTALLED_AT, this.timeScale), () => {
      this.updatingTo = null;
      if (fails) {
        progress("failed", 100);
      } else {
        this.firmware = version;
        progress("done", 100);
        this.output.status();
        this.output.reportedShadow();
      }
      this.output.changed();
    });
    this.output.changed();
  }

  /** Power is cut: the running cycle and a firmware update are lost; nothing is reported. */
  halt(): void {
    this.tasks.cancelAll();
    this.busy = false;
    this.updatingTo = null;
  }

  /** A restart: as a halt, and the controller comes back without its fault. */
  reboot(): void {
    this.halt();
    this.fault = null;
  }
}
