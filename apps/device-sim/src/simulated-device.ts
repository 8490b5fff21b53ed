import {
  type BluetoothInfo,
  bluetoothCommand,
  bluetoothKeyOfSecret,
  type CashBox,
  type CommandAck,
  type DeviceEvent,
  type DownKind,
  decode,
  desiredShadow,
  deviceCommand,
  deviceTopic,
  encode,
  LAST_WILL,
  type MachineParams,
  openFrame,
  type ReaderCard,
  sealAck,
  type UpKind,
} from "@washboard/device-protocol";
import { templateOfParams } from "@washboard/shared";
import mqtt, { type MqttClient } from "mqtt";
import { AutonomousLife, LIFE_RATES, type LifeRates } from "./autonomous-life.js";
import { answerCommand, type FirmwareNotice, readCommandId, refusal } from "./command-answers.js";
import { CommandMemory } from "./command-memory.js";
import { type EventBody, EventIds, eventOf, offlineStatus, onlineStatus, reportedShadowOf } from "./device-messages.js";
import {
  type FirmwareTrouble,
  firmwareUpdateFor,
  LIFE_FIRMWARE_TROUBLE,
  NO_FIRMWARE_TROUBLE,
} from "./firmware-trouble.js";
import { type FirmwareUpdate, Machine, type MachineOutput, type MachineState } from "./machine.js";
import { defaultParams, type MachineProfile, profileFor } from "./machine-profiles.js";
import { type MachineMoney, machineMoney } from "./money.js";
import { settlesWithin } from "./promises.js";
import { type Purchase, SIMULATED_CARD_COUNT, simulatedCardNumber } from "./purchase.js";
import { integerBetween, type Random } from "./random.js";
import { realMs, type ScheduledTask, Scheduler, TaskGroup } from "./scheduler.js";

export interface DeviceIdentity {
  serial: string;
  /** The broker password issued for the device. */
  secret: string;
  /** One of the server's machine type codes; an unknown code behaves as a washer. */
  machineType: string;
  firmware?: string;
  /** The vendor's currency (ISO code) and the coin its machines take, minor units: what the machine prices itself in. */
  currency?: string;
  coin?: number;
  /** The parameters it has at the start: its price template's as the server pushes them (`templateParams`). */
  params?: MachineParams;
}

/** What a machine of this identity starts with: its type's own settings, then its template's parameters. */
export function initialParams(
  identity: DeviceIdentity,
  profile: MachineProfile = profileFor(identity.machineType),
): MachineParams {
  return { ...defaultParams(profile), ...identity.params };
}

export interface SimulatedDeviceOptions {
  brokerUrl: string;
  /** The machine's time: 1 = real time; 60 = a simulated minute per second (cycles, faults, drops). */
  timeScale?: number;
  /** Customers come this many times as often as at a real shop (default 1, whatever the time scale). */
  customerPace?: number;
  random?: Random;
  /** Customers, faults and network drops happen on their own. */
  autonomous?: boolean;
  /** Shared by a fleet, so thousands of devices wait on one timer. */
  scheduler?: Scheduler;
  /** mqtt.js's pause between reconnection attempts; a fleet spreads them so a broker restart is no stampede. */
  reconnectPeriodMs?: number;
  initial?: { cashbox?: CashBox; params?: MachineParams };
  /** Faults and network drops more or less often than a real machine's (demos, tests). */
  lifeRates?: Partial<LifeRates>;
  /** How often a firmware update meets trouble (default: never; an autonomous device's life: sometimes). */
  firmwareTrouble?: Partial<FirmwareTrouble>;
  /** How often the status is published while nothing changes (the protocol's heartbeat, real time). */
  heartbeatMs?: number;
}

/** "silent" receives commands and neither acts on them nor answers: a device that hangs. */
export type AnswerMode = "normal" | "silent";

export interface DeviceState extends MachineState {
  online: boolean;
  /** Ids of the commands acted on, oldest first (the latest thousand). */
  handledCommands: string[];
  /** Version of the desired shadow last applied, or null. */
  desiredVersion: number | null;
}

export interface DeviceStats {
  messagesSent: number;
  commandsReceived: number;
  commandsAnswered: number;
  connectionErrors: number;
}

const DEFAULT_FIRMWARE = "1.0.0";
/** A controller reboot takes a couple of (simulated) seconds. */
const RESTART_SECONDS = 2;
/** When a connection this device opened itself fails (after a restart or drop), it tries again this often. */
const REOPEN_RETRY_MS = 5_000;
/** Events produced while offline wait for the connection, up to this many (a real controller's buffer). */
const OUTBOX_CAPACITY = 500;
const HANDLED_KEPT = 1000;
/** How long a graceful disconnect waits for the broker to take the offline status. */
const GOODBYE_TIMEOUT_MS = 3_000;
/** The protocol's heartbeat: a status at least this often, so the server knows the machine is there. */
const HEARTBEAT_MS = 60_000;

/**
 * One simulated machine speaking the device protocol over a real MQTT connection: it logs in with
 * its serial and secret, leaves a last will, reports status and shadow, answers commands and
 * applies the desired shadow. With `autonomous` it also lives a machine's life on its own.
 */
export class SimulatedDevice {
  readonly serial: string;
  readonly machineType: string;
  readonly profile: MachineProfile;
  readonly money: MachineMoney;
  /** Test knob: "silent" never answers a command. */
  answer: AnswerMode = "normal";
  /** Test knob: acts on a command at once but answers it this much later (a slow link, a busy controller). */
  answerDelayMs = 0;
  readonly stats: DeviceStats = { messagesSent: 0, commandsReceived: 0, commandsAnswered: 0, connectionErrors: 0 };

  private readonly secret: string;
  private readonly brokerUrl: string;
  private readonly timeScale: number;
  private readonly random: Random;
  /** A card a test put in the machine's reader; null: the machine picks one. */
  private cardInReader: ReaderCard | null = null;
  private readonly reconnectPeriodMs: number;
  private readonly heartbeatMs: number;
  private heartbeat: ScheduledTask | null = null;
  private readonly topics: Record<UpKind | DownKind, string>;
  /** Reopening after a restart and retries; the machine and its life have their own. */
  private readonly connectionTasks: TaskGroup;
  private readonly machine: Machine;
  private readonly life: AutonomousLife | null;
  private readonly firmwareTrouble: Partial<FirmwareTrouble>;
  private readonly answers = new CommandMemory();
  private readonly handled: string[] = [];
  private readonly eventIds: EventIds;
  private readonly outbox: DeviceEvent[] = [];
  private readonly watchers = new Set<() => void>();
  private client: MqttClient | null = null;
  private opening: Promise<void> | null = null;
  /** Between connect() and disconnect(): the device wants to be online. */
  private running = false;
  private desiredVersion: number | null = null;
  private bluetoothKey: Promise<Uint8Array> | undefined;

  constructor(identity: DeviceIdentity, options: SimulatedDeviceOptions) {
    this.serial = identity.serial;
    this.secret = identity.secret;
    this.machineType = identity.machineType;
    this.profile = profileFor(identity.machineType);
    this.money = machineMoney(identity.currency, identity.coin);
    this.brokerUrl = options.brokerUrl;
    this.timeScale = options.timeScale ?? 1;
    if (!(this.timeScale > 0)) throw new RangeError(`timeScale must be positive, not ${this.timeScale}`);
    this.random = options.random ?? Math.random;
    this.firmwareTrouble = options.firmwareTrouble ?? {};
    this.reconnectPeriodMs = options.reconnectPeriodMs ?? 1_000;
    this.heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    this.topics = {
      status: deviceTopic(this.serial, "status"),
      event: deviceTopic(this.serial, "event"),
      ack: deviceTopic(this.serial, "ack"),
      "shadow/reported": deviceTopic(this.serial, "shadow/reported"),
      cmd: deviceTopic(this.serial, "cmd"),
      "shadow/desired": deviceTopic(this.serial, "shadow/desired"),
    };
    this.eventIds = new EventIds();
    const scheduler = options.scheduler ?? new Scheduler();
    this.connectionTasks = new TaskGroup(scheduler);
    this.machine = new Machine(this.machineOutput(), new TaskGroup(scheduler), this.timeScale, {
      firmware: identity.firmware ?? DEFAULT_FIRMWARE,
      params: options.initial?.params ?? initialParams(identity, this.profile),
      cashbox: options.initial?.cashbox ?? { current: 0, cumulative: 0 },
    });
    this.life = options.autonomous
      ? new AutonomousLife(
          {
            machine: this.machine,
            profile: this.profile,
            money: this.money,
            dropConnection: () => this.dropConnection(),
            restoreConnection: () => this.reopen(),
          },
          this.random,
          new TaskGroup(scheduler),
          { timeScale: this.timeScale, customerPace: options.customerPace ?? 1 },
          { ...LIFE_RATES, ...options.lifeRates },
        )
      : null;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  get state(): DeviceState {
    return {
      ...this.machine.state,
      online: this.connected,
      handledCommands: [...this.handled],
      desiredVersion: this.desiredVersion,
    };
  }

  /** Connects and announces itself; resolves once its status and shadow are with the broker. */
  async connect(): Promise<void> {
    if (this.running) return this.opening ?? undefined;
    this.running = true;
    try {
      await this.open();
    } catch (error) {
      this.running = false;
      throw error;
    }
    if (this.running) this.life?.start();
  }

  /**
   * Stops the device and every timer of it. Graceful: it says it is offline, then disconnects.
   * Abrupt: the socket is destroyed without a DISCONNECT, so the broker publishes the last will.
   * A running cycle or firmware update is lost, as when the machine is switched off. `forget`: the
   * machine leaves for good (a test or benchmark ends) and clears its retained status on the broker,
   * so a shared broker does not keep a status for every machine a run ever made.
   */
  async disconnect(options: { abrupt?: boolean; forget?: boolean } = {}): Promise<void> {
    this.running = false;
    this.life?.stop();
    this.connectionTasks.cancelAll();
    this.machine.halt();
    await this.opening?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) await this.close(client, options.abrupt === true, options.forget === true);
    this.notify();
  }

  // ── test knobs ─────────────────────────────────────────────────────────────────────────────────

  /** A customer inserts coins worth `amount` minor units. */
  insertCoins(amount: number): void {
    if (!Number.isInteger(amount) || amount <= 0) throw new RangeError(`not an amount of coins: ${amount}`);
    this.machine.acceptCash("coin_inserted", amount);
    this.publishReported();
  }

  /** A customer buys a cycle at the machine, paying cash or with a card, as autonomous life does. */
  sell(purchase: Purchase): void {
    this.machine.sell(purchase);
  }

  /** Puts a card in the machine's own reader, for the next remote card issue or top-up. */
  insertCard(card: ReaderCard): void {
    this.cardInReader = card;
  }

  /** A notice's update on this machine, with the trouble its options (or its life) bring. */
  private firmwareUpdate(notice: FirmwareNotice): FirmwareUpdate {
    const usual = this.life !== null ? LIFE_FIRMWARE_TROUBLE : NO_FIRMWARE_TROUBLE;
    return firmwareUpdateFor(notice, { ...usual, ...this.firmwareTrouble }, this.random);
  }

  /**
   * The card a remote card issue or top-up acts on: the one a test inserted, else a blank card from
   * the machine's stack (issue) or a customer's card of the simulated set (top-up).
   */
  private takeCardInReader(purpose: "issue" | "topup"): ReaderCard {
    const inserted = this.cardInReader;
    this.cardInReader = null;
    if (inserted) return inserted;
    const hex = (digits: number) =>
      Array.from({ length: digits }, () => Math.floor(this.random() * 16).toString(16))
        .join("")
        .toUpperCase();
    if (purpose === "topup") {
      const index = integerBetween(this.random, 0, SIMULATED_CARD_COUNT - 1);
      return { uuid: `C${hex(7)}`, card_number: simulatedCardNumber(index) };
    }
    return { uuid: hex(8), card_number: `89${String(integerBetween(this.random, 0, 99_999_999)).padStart(8, "0")}` };
  }

  raiseFault(code: string): void {
    this.machine.raiseFault(code);
  }

  clearFault(): void {
    this.machine.clearFault();
  }

  /** Resolves with the state once `predicate` holds, checked now and after every change. */
  waitFor(predicate: (state: DeviceState) => boolean, timeoutMs = 5_000): Promise<DeviceState> {
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        this.watchers.delete(check);
      };
      const check = () => {
        const state = this.state;
        if (!predicate(state)) return;
        stop();
        resolve(state);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`${this.serial}: the awaited state did not come within ${timeoutMs} ms`));
      }, timeoutMs);
      this.watchers.add(check);
      check();
    });
  }

  // ── connection ─────────────────────────────────────────────────────────────────────────────────

  /** Opens a connection unless one is open or opening. */
  private open(): Promise<void> {
    if (this.client) return Promise.resolve();
    this.opening ??= this.openOnce().finally(() => {
      this.opening = null;
    });
    return this.opening;
  }

  private async openOnce(): Promise<void> {
    const client = await mqtt.connectAsync(this.brokerUrl, {
      clientId: this.serial,
      username: this.serial,
      password: this.secret,
      clean: true,
      reconnectPeriod: this.reconnectPeriodMs,
      connectTimeout: 10_000,
      keepalive: 60,
      // Subscriptions are made again in `announce` on every connect, before the status says online.
      resubscribe: false,
      // mqtt.js otherwise resets its keepalive timer at every packet; pings every 30 s are cheaper.
      reschedulePings: false,
      will: { topic: this.topics.status, payload: encode(LAST_WILL), qos: 1, retain: true },
    });
    if (!this.running) {
      // disconnect() was called while connecting.
      await client.endAsync();
      return;
    }
    this.client = client;
    client.on("error", () => {
      // mqtt.js reconnects by itself; errors are only counted.
      this.stats.connectionErrors++;
    });
    client.on("close", () => this.notify());
    client.on("message", (topic, payload) => {
      if (this.client === client) this.receive(topic, payload);
    });
    // mqtt.js emits "connect" again after each reconnection; the first one has passed already.
    client.on("connect", () => {
      if (this.client === client) this.announce(client).catch(() => undefined);
    });
    // Failing here means the connection was lost while announcing; mqtt.js reconnects and announces again.
    await this.announce(client).catch(() => undefined);
  }

  /** On every (re)connection: listen to what comes down, then say who it is and what it holds. */
  private async announce(client: MqttClient): Promise<void> {
    await client.subscribeAsync([this.topics.cmd, this.topics["shadow/desired"]], { qos: 1 });
    const state = this.machine.state;
    const announced = [
      this.publishOn(client, "status", onlineStatus(state), true),
      this.publishOn(client, "shadow/reported", reportedShadowOf(state)),
    ];
    for (const event of this.outbox.splice(0)) announced.push(this.publishOn(client, "event", event));
    this.beatAfterPause(client);
    await Promise.all(announced);
    this.notify();
  }

  /** The heartbeat: the status again once a heartbeat passes with no other status sent. */
  private beatAfterPause(client: MqttClient): void {
    this.connectionTasks.cancel(this.heartbeat);
    this.heartbeat = this.connectionTasks.after(this.heartbeatMs, () => {
      this.heartbeat = null;
      if (this.client !== client) return;
      void this.publishStatus();
    });
  }

  private async close(client: MqttClient, abrupt: boolean, forget = false): Promise<void> {
    if (abrupt) {
      client.stream.destroy();
      await client.endAsync(true);
      return;
    }
    // Cut off already, the broker has published the will and nothing more can be said; a goodbye the
    // broker does not take in time is given up, so a stop never hangs on a dead connection.
    // An empty retained message removes the retained status; otherwise the last word is "offline".
    const goodbye = forget
      ? client.publishAsync(this.topics.status, "", { qos: 1, retain: true })
      : this.publishOn(client, "status", offlineStatus(), true);
    const saidGoodbye = client.connected && (await settlesWithin(goodbye, GOODBYE_TIMEOUT_MS));
    await client.endAsync(!saidGoodbye);
  }

  /** The autonomous life's network loss: the will is published, the machine keeps running. */
  private dropConnection(): void {
    const client = this.client;
    this.client = null;
    if (!client) return;
    this.close(client, true)
      .catch(() => undefined)
      .finally(() => this.notify());
  }

  /** Comes back after a restart or drop, retrying while the broker cannot be reached. */
  private reopen(): void {
    if (!this.running) return;
    this.open().catch(() => {
      this.stats.connectionErrors++;
      if (this.running) this.connectionTasks.after(REOPEN_RETRY_MS, () => this.reopen());
    });
  }

  private restart(): void {
    const client = this.client;
    this.client = null;
    this.machine.reboot();
    this.eventIds.reboot();
    const closed = client ? this.close(client, false) : Promise.resolve();
    closed
      .catch(() => undefined)
      .finally(() => {
        this.notify();
        if (this.running) this.connectionTasks.after(realMs(RESTART_SECONDS, this.timeScale), () => this.reopen());
      });
  }

  // ── what comes down ────────────────────────────────────────────────────────────────────────────

  private receive(topic: string, payload: Buffer): void {
    if (topic === this.topics.cmd) this.receiveCommand(payload);
    else if (topic === this.topics["shadow/desired"]) this.receiveDesired(payload);
  }

  private receiveCommand(payload: Buffer): void {
    this.stats.commandsReceived++;
    if (this.answer === "silent") return;
    const id = readCommandId(payload);
    if (id === null) return;
    this.handleCommand(id, decode(deviceCommand, payload), (ack) => {
      if (this.answerDelayMs > 0) this.connectionTasks.after(this.answerDelayMs, () => this.sendAck(ack));
      else this.sendAck(ack);
    });
  }

  /**
   * Answers a command (the earlier answer again for a repeated id, without acting), then acts: the
   * answer goes out first (a restart drops the connection). Commands over MQTT and over Bluetooth
   * both come here.
   */
  private handleCommand(
    id: string,
    decoded: ReturnType<typeof decode<typeof deviceCommand>>,
    answer: (ack: CommandAck) => void,
  ): void {
    const earlier = this.answers.answerTo(id);
    if (earlier) {
      answer(earlier);
      return;
    }
    if (!decoded.ok) {
      const invalid = refusal(id, "invalid", decoded.error.slice(0, 200));
      this.answers.remember(invalid);
      answer(invalid);
      return;
    }
    const outcome = answerCommand(decoded.value, {
      machine: this.machine,
      restart: () => this.restart(),
      firmwareUpdate: (notice) => this.firmwareUpdate(notice),
      defaultMinutes: () =>
        templateOfParams(this.machine.currentParams)?.estimated_minutes ?? this.profile.programs[0].minutes[0],
      cardInReader: (purpose) => this.takeCardInReader(purpose),
      nowSeconds: Math.floor(Date.now() / 1000),
    });
    this.answers.remember(outcome.ack);
    if (outcome.ack.ok) {
      this.handled.push(id);
      if (this.handled.length > HANDLED_KEPT) this.handled.shift();
    }
    answer(outcome.ack);
    outcome.act?.();
    this.notify();
  }

  // ── Bluetooth (GATT service BLUETOOTH_GATT; docs/device-protocol.md) ──────────────────────────────

  /** The `info` characteristic: what anyone nearby may read. */
  bluetoothInfo(): BluetoothInfo {
    const state = this.machine.state;
    return {
      v: 1,
      serial: this.serial,
      machine_type: this.machineType,
      firmware: state.firmware,
      busy: state.busy,
      fault: state.fault,
    };
  }

  /**
   * A write to the `command` characteristic; resolves with the `result` notification: the signed
   * answer. A frame the key did not sign is refused as invalid and never acted on. When the machine
   * is online it also sends the answer over MQTT, so the server learns it even if the phone does not
   * pass it on.
   */
  async bluetoothWrite(frame: string): Promise<string> {
    this.bluetoothKey ??= bluetoothKeyOfSecret(this.secret);
    const key = await this.bluetoothKey;
    const opened = await openFrame(key, frame, bluetoothCommand);
    const body = frame.split(".")[0] ?? "";
    const id = readCommandId(Buffer.from(body, "base64url")) ?? "unknown";
    let ack: CommandAck = refusal(id, "invalid", "not signed for this machine");
    const answer = (given: CommandAck) => {
      ack = given;
      if (this.connected) this.sendAck(given);
    };
    if (opened.ok || opened.error !== "bad signature") {
      this.handleCommand(id, opened as ReturnType<typeof decode<typeof deviceCommand>>, answer);
    }
    return sealAck(key, ack);
  }

  private receiveDesired(payload: Buffer): void {
    const decoded = decode(desiredShadow, payload);
    if (!decoded.ok) return;
    const { version, params } = decoded.value;
    // The retained desired shadow comes again at every connection; a version is applied once.
    if (this.desiredVersion !== null && version <= this.desiredVersion) return;
    this.desiredVersion = version;
    this.machine.applyParams(params);
  }

  // ── what goes up ───────────────────────────────────────────────────────────────────────────────

  private sendAck(ack: CommandAck): void {
    this.stats.commandsAnswered++;
    void this.publish("ack", ack);
  }

  private machineOutput(): MachineOutput {
    return {
      event: (body) => this.publishEvent(body),
      status: () => void this.publishStatus(),
      reportedShadow: () => this.publishReported(),
      changed: () => this.notify(),
    };
  }

  private publishEvent(body: EventBody): void {
    const event = eventOf(body, this.eventIds.next());
    if (this.client) {
      void this.publishOn(this.client, "event", event);
      return;
    }
    // Offline, a machine keeps its events (with the time they happened) for when it is back; the
    // oldest go first when the buffer is full.
    this.outbox.push(event);
    if (this.outbox.length > OUTBOX_CAPACITY) this.outbox.shift();
  }

  private publishStatus(): Promise<void> {
    if (this.client) this.beatAfterPause(this.client);
    return this.publish("status", onlineStatus(this.machine.state), true);
  }

  private publishReported(): void {
    void this.publish("shadow/reported", reportedShadowOf(this.machine.state));
  }

  private publish(kind: UpKind, message: object, retain = false): Promise<void> {
    // Offline, status and shadow are not queued: the next connection announces them afresh.
    return this.client ? this.publishOn(this.client, kind, message, retain) : Promise.resolve();
  }

  /** Publishes at QoS 1; settles when the broker has it or the client gives it up, and never rejects. */
  private publishOn(client: MqttClient, kind: UpKind, message: object, retain = false): Promise<void> {
    this.stats.messagesSent++;
    return new Promise((resolve) => {
      client.publish(this.topics[kind], encode(message), { qos: 1, retain }, () => resolve());
    });
  }

  private notify(): void {
    for (const check of [...this.watchers]) check();
  }
}
