import type { LifeRates } from "./autonomous-life.js";
import type { FirmwareTrouble } from "./firmware-trouble.js";
import { eachLimited } from "./promises.js";
import { deviceSeed, type Random, seededRandom } from "./random.js";
import { Scheduler, TaskGroup } from "./scheduler.js";
import { type DeviceIdentity, SimulatedDevice } from "./simulated-device.js";

export interface FleetOptions {
  brokerUrl: string;
  /** The machines' time: 1 = real time; 60 = a simulated minute per second (cycles, faults, drops). */
  timeScale?: number;
  /** Customers come this many times as often as at a real shop (default 1: a real day's takings, whatever the time scale). */
  customerPace?: number;
  /** Makes every device's decisions reproducible; each device draws from its own seeded stream. */
  seed?: number;
  /** Devices live on their own (customers, faults, drops); true unless said otherwise. */
  autonomous?: boolean;
  /** Faults and network drops more or less often than a real machine's (demos, tests). */
  lifeRates?: Partial<LifeRates>;
  /** How often firmware updates meet trouble (benchmarks of a rollout). */
  firmwareTrouble?: Partial<FirmwareTrouble>;
}

export interface FleetCounts {
  devices: number;
  connected: number;
  messagesSent: number;
  commandsReceived: number;
  commandsAnswered: number;
}

/** A device whose first connection failed tries again after this long, plus up to as much again. */
const RETRY_MS = 5_000;
/** mqtt.js reconnects every second; a fleet spreads that over one more second so a broker restart is no stampede. */
const RECONNECT_MS = 1_000;
const RECONNECT_SPREAD_MS = 1_000;

/**
 * Many simulated devices in one process, sharing one scheduler (one Node timer for all their
 * cycles, customers and faults). `start` opens connections a batch at a time so a broker is not
 * hit by ten thousand handshakes at once.
 */
export class Fleet {
  readonly devices: readonly SimulatedDevice[];
  private readonly bySerial: ReadonlyMap<string, SimulatedDevice>;
  private readonly scheduler = new Scheduler();
  private readonly retries = new TaskGroup(this.scheduler);
  private running = false;

  constructor(identities: readonly DeviceIdentity[], options: FleetOptions) {
    const devices = identities.map((identity) => {
      const random: Random =
        options.seed === undefined ? Math.random : seededRandom(deviceSeed(options.seed, identity.serial));
      return new SimulatedDevice(identity, {
        brokerUrl: options.brokerUrl,
        timeScale: options.timeScale ?? 1,
        customerPace: options.customerPace ?? 1,
        autonomous: options.autonomous ?? true,
        random,
        scheduler: this.scheduler,
        reconnectPeriodMs: RECONNECT_MS + Math.floor(Math.random() * RECONNECT_SPREAD_MS),
        lifeRates: options.lifeRates,
        firmwareTrouble: options.firmwareTrouble,
      });
    });
    const bySerial = new Map<string, SimulatedDevice>();
    for (const device of devices) {
      // Two devices with one serial would share a client id and throw each other off the broker forever.
      if (bySerial.has(device.serial)) throw new Error(`serial ${device.serial} appears twice in the fleet`);
      bySerial.set(device.serial, device);
    }
    this.devices = devices;
    this.bySerial = bySerial;
  }

  device(serial: string): SimulatedDevice | undefined {
    return this.bySerial.get(serial);
  }

  /**
   * Connects every device, at most `concurrency` connections being opened at a time. A device that
   * cannot connect (broker away, refused login) tries again every few seconds until `stop`; it is
   * counted in `failed`.
   */
  async start(options: { concurrency?: number } = {}): Promise<{ connected: number; failed: number }> {
    this.running = true;
    let failed = 0;
    await eachLimited(this.devices, options.concurrency ?? 200, async (device) => {
      if (!this.running) return;
      try {
        await device.connect();
      } catch {
        failed++;
        this.retryLater(device);
      }
    });
    return { connected: this.connected, failed };
  }

  /** Disconnects every device gracefully (each says it is offline), `concurrency` at a time. */
  async stop(options: { concurrency?: number; forget?: boolean } = {}): Promise<void> {
    this.running = false;
    this.retries.cancelAll();
    const forget = options.forget === true;
    await eachLimited(this.devices, options.concurrency ?? 500, (device) =>
      device.disconnect({ forget }).catch(() => undefined),
    );
  }

  /** Cycles, customers, faults and retries still to come, across the fleet (0 once stopped). */
  get scheduledTasks(): number {
    return this.scheduler.pending;
  }

  get connected(): number {
    let connected = 0;
    for (const device of this.devices) if (device.connected) connected++;
    return connected;
  }

  /** Totals over the devices; counted on demand, as a summary is asked for every few seconds at most. */
  get counts(): FleetCounts {
    const counts: FleetCounts = {
      devices: this.devices.length,
      connected: 0,
      messagesSent: 0,
      commandsReceived: 0,
      commandsAnswered: 0,
    };
    for (const device of this.devices) {
      if (device.connected) counts.connected++;
      counts.messagesSent += device.stats.messagesSent;
      counts.commandsReceived += device.stats.commandsReceived;
      counts.commandsAnswered += device.stats.commandsAnswered;
    }
    return counts;
  }

  private retryLater(device: SimulatedDevice): void {
    this.retries.after(RETRY_MS + Math.random() * RETRY_MS, () => {
      if (!this.running) return;
      device.connect().catch(() => this.retryLater(device));
    });
  }
}
