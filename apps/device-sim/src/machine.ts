import type { CashBox, MachineParams, StartType } from "@washboard/device-protocol";
import type { EventBody, ReportedState } from "./device-messages.js";
import type { DownloadResult } from "./firmware-download.js";
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
  /** The firmware version being downloaded or installed, or null. */
  updatingTo: string | null;
  /** Installing it: out of service, no customer can start a cycle. */
  installing: boolean;
}

/** Cash box counters are 31-bit on the wire; a simulation running for years stops there. */
const LARGEST_AMOUNT = 2_147_483_647;

/** Simulated seconds from a downloaded file to the start of its install, and the install itself. */
const INSTALL_DELAY_SECONDS = 2;
/** How often a machine with its file in looks whether the customer's cycle has ended. */
const IDLE_CHECK_SECONDS = 5;
const INSTALL_SECONDS = 18;

/**
 * How an accepted update ends once its file is in: installed; power lost during the install (the
 * machine restarts on its old version and says so); or rolled back (the new version does not boot,
 * the bootloader goes back to the old one and the machine reports it, saying nothing else).
 */
export type InstallOutcome = "installed" | "power_loss" | "rolled_back";

export interface FirmwareUpdate {
  /** Fetches the file (the device's network), telling each 25 % step. */
  download(onProgress: (percent: number) => void, signal: AbortSignal): Promise<DownloadResult>;
  outcome: InstallOutcome;
}

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
  /** Stops the running update's download when the power goes. */
  private updateAbort: AbortController | null = null;
  private installing = false;

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
      installing: this.installing,
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

  /** Installing firmware: the one part of an update that takes the machine out of service. */
  get isInstalling(): boolean {
    return this.installing;
  }

  get currentParams(): MachineParams {
    return this.params;
  }

  get firmwareVersion(): string {
    return this.firmware;
  }

  /** Free for a customer: not running, not faulted, not installing firmware (a download runs in the background). */
  get isReady(): boolean {
    return !this.busy && this.fault === null && !this.installing;
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

  /**
   * Downloads and installs a version, telling its progress: the download's 25 % steps, then
   * installing, then done (and the new version in status and shadow) — or failed with a reason.
   */
  updateFirmware(version: string, update: FirmwareUpdate): void {
    this.updatingTo = version;
    const abort = new AbortController();
    this.updateAbort = abort;
    const progress = (stage: "downloading" | "installing" | "done" | "failed", percent: number, reason?: string) =>
      this.output.event({ type: "firmware_progress", version, stage, percent, ...(reason ? { reason } : {}) });
    const end = () => {
      this.updatingTo = null;
      this.updateAbort = null;
      this.installing = false;
      this.output.changed();
    };
    const install = () => {
      // Never during a wash: a customer who started a cycle while the file came in finishes first.
      if (this.busy) {
        this.tasks.after(realMs(IDLE_CHECK_SECONDS, this.timeScale), install);
        return;
      }
      this.installing = true;
      progress("installing", 0);
      this.tasks.after(realMs(INSTALL_SECONDS, this.timeScale), () => {
        if (update.outcome === "installed") {
          this.firmware = version;
          progress("done", 100);
        } else if (update.outcome === "power_loss") {
          progress("failed", 0, "power_loss");
        }
        // Whatever the outcome, the controller comes back up and says which version it runs.
        end();
        this.output.status();
        this.output.reportedShadow();
      });
    };
    update
      .download((percent) => progress("downloading", percent), abort.signal)
      .then(
        (result) => {
          if (abort.signal.aborted) return;
          if (!result.ok) {
            progress("failed", 0, result.reason);
            end();
            return;
          }
          this.tasks.after(realMs(INSTALL_DELAY_SECONDS, this.timeScale), install);
        },
        () => {
          // Only a halt aborts a download: a machine without power reports nothing.
          if (!abort.signal.aborted) {
            progress("failed", 0, "download_interrupted");
            end();
          }
        },
      );
    this.output.changed();
  }

  /** Power is cut: the running cycle and a firmware update are lost; nothing is reported. */
  halt(): void {
    this.tasks.cancelAll();
    this.updateAbort?.abort();
    this.updateAbort = null;
    this.busy = false;
    this.updatingTo = null;
    this.installing = false;
  }

  /** A restart: as a halt, and the controller comes back without its fault. */
  reboot(): void {
    this.halt();
    this.fault = null;
  }
}
