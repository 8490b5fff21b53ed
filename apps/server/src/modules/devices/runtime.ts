import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { AppDeps, Running } from "../../platform/module.js";
import type { VendorTenant } from "../tenancy/public.js";
import { BrokerAccess } from "./broker/broker-access.js";
import { type BrokerRisk, checkBrokerSecurity } from "./broker/broker-security.js";
import { type EmbeddedBroker, startEmbeddedBroker } from "./broker/embedded-broker.js";
import type { CommandView } from "./commands/command-view.js";
import { DeviceCommands } from "./commands/device-commands.js";
import { shopsOfDevices } from "./device-shops.js";
import { DeadLetters } from "./gateway/dead-letters.js";
import { DeviceDirectory } from "./gateway/device-directory.js";
import { eventLogWriter, type LoggedEvent } from "./gateway/event-log-writer.js";
import { DeviceGateway } from "./gateway/gateway.js";
import { MessageIntake } from "./gateway/message-intake.js";
import {
  HEARTBEAT_SECONDS,
  presenceCounts,
  presenceOfflineWhenSilent,
  presenceUnknownSince,
} from "./gateway/presence.js";
import { type PresenceChange, type ShadowChange, shadowWriter } from "./gateway/shadow-writer.js";
import { type DeviceSale, deviceSales } from "./ports.js";
import { deviceShadows, devices } from "./tables.js";

const SWEEP_MS = 1_000;
/** How often machines shown as there are checked for silence (more often for a short window). */
const PRESENCE_SWEEP_MS = 5_000;
/**
 * A lost connection shorter than this (a blip; mqtt.js reconnects every second) does not make
 * machines unknown: those that left meanwhile fall silent and the presence window catches them.
 */
const OUTAGE_RESET_MS = 5_000;
/** A Bluetooth start is valid this long: time for the phone to write it and bring the answer back. */
const BLUETOOTH_COMMAND_MS = 120_000;

/**
 * Everything of the devices domain that lives beside requests, per app: the broker (embedded when
 * there is no MQTT_URL), the gateway's connection, the batched writers and the sweeper of commands
 * and presence. Routes are declared before the app starts, so they reach the gateway through this
 * object.
 */
export class DeviceRuntime {
  readonly directory: DeviceDirectory;
  readonly commands: DeviceCommands;
  /** The check behind the HTTP hooks: the configured gateway login. */
  readonly hookAccess: BrokerAccess;
  private readonly shadows;
  private readonly events;
  /** What machines sell becomes orders (the orders module's writer, fed from the same events). */
  private readonly sales;
  private readonly deadLetters: DeadLetters;
  private readonly intake: MessageIntake;
  private gateway: DeviceGateway | undefined;
  /** What the start-up check found wrong with the broker (null: not checked yet, or the embedded one). */
  private risks: BrokerRisk[] | null = null;

  constructor(private readonly deps: AppDeps) {
    const { db, live, log, config } = deps;
    this.directory = new DeviceDirectory(db);
    this.hookAccess = new BrokerAccess(db, {
      username: config.mqttGatewayUsername,
      password: config.mqttGatewayPassword,
    });
    const onError = (error: unknown) => log.error({ err: error }, "device data not written");
    this.deadLetters = new DeadLetters(
      db,
      onError,
      (dropped) => log.warn({ dropped }, "refused device messages over the per-machine budget were not kept"),
      deps.metrics.devices,
    );
    const notStored =
      (serial: string, deviceId: number, vendorId: number | null, kind: string, payload: object) =>
      async (_item: unknown, error: unknown) =>
        this.deadLetters.add({
          deviceId,
          vendorId,
          serial,
          kind,
          code: "not_stored",
          reason: error instanceof Error ? error.message : String(error),
          payload: JSON.stringify(payload),
          receivedAt: new Date(),
        });
    this.shadows = shadowWriter(db, {
      onWritten: (changes) => void this.announce(changes),
      onPresenceChanged: (changes) => void this.presenceChanged(changes, false),
      onError,
      setAside: (change, error) => {
        const { deviceId, vendorId, serial, source, ...patch } = change;
        return notStored(serial, deviceId, vendorId, source, patch)(change, error);
      },
    });
    const eventNotStored = (item: LoggedEvent | DeviceSale, error: unknown) =>
      notStored(
        item.serial,
        item.deviceId,
        "vendorId" in item ? item.vendorId : null,
        "event",
        item.event,
      )(item, error);
    this.events = eventLogWriter(db, onError, eventNotStored);
    this.sales = deviceSales.use()(
      db,
      (error) => log.error({ err: error }, "machine sales not written"),
      eventNotStored,
    );
    this.commands = new DeviceCommands(
      db,
      live,
      {
        ackTimeoutMs: config.deviceAckTimeoutMs,
        waitMs: config.deviceCommandWaitMinutes * 60_000,
        bluetoothMs: BLUETOOTH_COMMAND_MS,
      },
      {
        canSend: () => this.gateway?.connected ?? false,
        send: (serial, command) => this.gateway?.send(serial, command) ?? false,
      },
      (deviceId, vendorId, answer) => this.shadows.add({ deviceId, vendorId, serial: "", source: "ack", ...answer }),
      deps.metrics.devices,
    );
    this.intake = new MessageIntake({
      directory: this.directory,
      commands: () => this.commands,
      shadows: this.shadows,
      events: this.events,
      sales: this.sales,
      deadLetters: this.deadLetters,
      log,
      metrics: deps.metrics.devices,
    });
  }

  /** The gateway, once started (a request can only arrive after that). */
  get connectedGateway(): DeviceGateway {
    if (!this.gateway) throw new Error("the device gateway is not connected yet");
    return this.gateway;
  }

  /** What is wrong with the broker's security, for the dashboard of those who run the install ([] when nothing). */
  brokerRisks(): BrokerRisk[] {
    return this.deps.config.mqttAllowInsecure ? [] : (this.risks ?? []);
  }

  async start(): Promise<Running> {
    const { config, log } = this.deps;
    let broker: EmbeddedBroker | undefined;
    let url = config.mqttUrl;
    let password = config.mqttGatewayPassword;
    if (!url) {
      // One process holds both ends, so the gateway's password is made up here.
      password ??= randomBytes(24).toString("base64url");
      const access = new BrokerAccess(this.deps.db, { username: config.mqttGatewayUsername, password });
      const tls =
        config.mqttTlsCert && config.mqttTlsKey
          ? { certFile: config.mqttTlsCert, keyFile: config.mqttTlsKey, port: config.mqttTlsPort }
          : undefined;
      broker = await startEmbeddedBroker(access, {
        port: config.mqttEmbeddedPort,
        host: config.mqttEmbeddedHost,
        ...(tls ? { tls } : {}),
        onDeviceGone: (serial) => void this.brokerSaysGone(serial),
      });
      url = broker.url;
      log.info({ url, tls: broker.tlsUrl }, "embedded MQTT broker listening");
    }
    const gatewayLogin = { url, username: config.mqttGatewayUsername, password, sharedGroup: config.mqttSharedGroup };
    let checked = false;
    this.gateway = DeviceGateway.connect(gatewayLogin, {
      message: (topic, payload, retained) => {
        this.intake
          .receive(topic, payload, retained)
          .catch((error: unknown) => log.error({ err: error, topic }, "device message not handled"));
      },
      connected: (lostAt) => {
        void this.afterConnect(lostAt);
        // An outside broker is asked once whether it keeps strangers out (ours does by construction;
        // a test rig that says it is open is not asked).
        if (!broker && !checked && !config.mqttAllowInsecure) {
          checked = true;
          void this.checkBroker(gatewayLogin);
        }
      },
      log,
    });
    const sweeper = setInterval(() => {
      this.commands.sweep().catch((error: unknown) => log.error({ err: error }, "command sweep failed"));
      this.commands.deliverWaiting().catch((error: unknown) => log.error({ err: error }, "command delivery failed"));
    }, SWEEP_MS);
    const stopPresenceGauge = this.deps.metrics.devices.presenceFrom(() => presenceCounts(this.deps.db));
    const presenceSweeper = setInterval(
      () => {
        this.sweepSilence().catch((error: unknown) => log.error({ err: error }, "presence sweep failed"));
      },
      Math.min(PRESENCE_SWEEP_MS, Math.max(200, config.devicePresenceTimeoutMs / 3)),
    );
    return {
      // Ready while the gateway is connected to the broker: without it no machine can be reached.
      ready: () => this.gateway?.connected ?? false,
      stop: async () => {
        clearInterval(sweeper);
        clearInterval(presenceSweeper);
        stopPresenceGauge();
        await this.gateway?.close();
        this.gateway = undefined;
        await this.intake.settled();
        await this.flush();
        await broker?.close();
      },
    };
  }

  /**
   * The broker says a machine's connection ended (the embedded broker, or an outside broker's
   * disconnect notification): it is offline now, whatever its last status said.
   */
  async brokerSaysGone(serial: string): Promise<void> {
    const device = await this.directory.find(serial);
    if (!device) return;
    this.shadows.add({ deviceId: device.id, vendorId: device.vendorId, serial, source: "broker", presence: "offline" });
  }

  /**
   * Listening (again): machines shown online that nobody heard since this gateway stopped listening
   * (at the start: within a heartbeat) may have left while nobody listened — unknown until they
   * speak. Then what waits for the machines that are online goes out.
   */
  private async afterConnect(lostAt: Date | null): Promise<void> {
    const now = Date.now();
    const heardSince =
      lostAt === null
        ? new Date(now - HEARTBEAT_SECONDS * 1000)
        : now - lostAt.getTime() >= OUTAGE_RESET_MS
          ? lostAt
          : null;
    try {
      if (heardSince) await this.presenceChanged(await presenceUnknownSince(this.deps.db, heardSince), true);
      await this.commands.deliverWaiting();
    } catch (error) {
      this.deps.log.error({ err: error }, "presence not reset after connecting");
    }
  }

  /** Machines silent for the presence window are offline — only once the gateway has listened that long. */
  private async sweepSilence(): Promise<void> {
    const window = this.deps.config.devicePresenceTimeoutMs;
    if (!this.gateway || this.gateway.listeningForMs() < window) return;
    const silentSince = new Date(Date.now() - window);
    await this.presenceChanged(await presenceOfflineWhenSilent(this.deps.db, silentSince), true);
  }

  /**
   * Presence changed in the database (each change seen by one instance). A machine that came online
   * gets what waits for it, and its desired parameters again if it does not run them; every change
   * not already announced with its shadow goes to the live stream.
   */
  private async presenceChanged(changes: PresenceChange[], announce: boolean): Promise<void> {
    if (changes.length === 0) return;
    const arrived = changes.filter((c) => c.presence === "online");
    if (arrived.length > 0) {
      const ids = arrived.map((c) => c.deviceId);
      await this.commands.deliverWaiting(ids);
      await this.republishDivergedDesired(ids);
    }
    if (announce) {
      await this.announce(changes.map((c) => ({ ...c, source: "presence", presence: c.presence })));
    }
  }

  /**
   * The desired shadow is retained by the broker, but a broker that restarted without its store has
   * lost it: a machine that comes online reporting other values than desired is sent it again.
   */
  private async republishDivergedDesired(deviceIds: number[]): Promise<void> {
    const rows = await this.deps.db
      .select({
        serial: devices.serialNumber,
        version: deviceShadows.desiredVersion,
        desired: deviceShadows.paramsDesired,
        reported: deviceShadows.paramsReported,
      })
      .from(deviceShadows)
      .innerJoin(devices, sql`${devices.id} = ${deviceShadows.deviceId}`)
      .where(inArray(deviceShadows.deviceId, deviceIds));
    for (const row of rows) {
      const diverged = Object.entries(row.desired).some(([name, value]) => row.reported[name] !== value);
      if (row.version > 0 && diverged) this.gateway?.publishDesired(row.serial, row.version, row.desired);
    }
  }

  private async checkBroker(login: { url: string; username: string; password: string | undefined }): Promise<void> {
    const { log, config, db } = this.deps;
    try {
      this.risks = await checkBrokerSecurity(db, login);
    } catch (error) {
      log.warn({ err: error }, "the broker's security could not be checked");
      return;
    }
    if (this.risks.length > 0 && !config.mqttAllowInsecure) {
      log.error(
        { broker: login.url, risks: this.risks },
        "the MQTT broker lets strangers in: anyone who reaches it can read commands and forge sales (MQTT_ALLOW_INSECURE=1 silences this on a test rig)",
      );
    }
  }

  /**
   * The operator wants these parameters: the desired shadow merges them and counts a new version,
   * and is published retained, so a device that is offline now reads it when it reconnects.
   */
  async desire(deviceIds: number[], params: Record<string, number>): Promise<void> {
    if (deviceIds.length === 0) return;
    const { db } = this.deps;
    await db
      .insert(deviceShadows)
      .values(deviceIds.map((deviceId) => ({ deviceId })))
      .onConflictDoNothing();
    const rows = await db
      .update(deviceShadows)
      .set({
        paramsDesired: sql`${deviceShadows.paramsDesired} || ${JSON.stringify(params)}::jsonb`,
        desiredVersion: sql`${deviceShadows.desiredVersion} + 1`,
      })
      .where(inArray(deviceShadows.deviceId, deviceIds))
      .returning({
        deviceId: deviceShadows.deviceId,
        version: deviceShadows.desiredVersion,
        params: deviceShadows.paramsDesired,
      });
    const serials = await db
      .select({ id: devices.id, serial: devices.serialNumber })
      .from(devices)
      .where(inArray(devices.id, deviceIds));
    const serialOf = new Map(serials.map((d) => [d.id, d.serial]));
    // With the broker away now, a machine gets it when it is next online and reports other values.
    for (const row of rows) {
      const serial = serialOf.get(row.deviceId);
      if (serial) this.gateway?.publishDesired(serial, row.version, row.params);
    }
  }

  /**
   * Sets parameters on devices: a set_params command to each (which waits for an offline device
   * until it expires) and the desired shadow, so a device that comes back later still converges.
   */
  async setParams(
    tenant: VendorTenant,
    accountId: number | null,
    deviceIds: number[],
    params: Record<string, number>,
  ): Promise<CommandView[]> {
    if (deviceIds.length === 0) return [];
    const commands = await this.commands.issue(tenant, accountId, deviceIds, { kind: "set_params", params });
    await this.desire(
      commands.map((c) => c.device_id),
      params,
    );
    return commands;
  }

  /** Where the embedded broker listens (tests connect simulated devices to it). */
  brokerUrl(): string | undefined {
    return this.gateway?.url;
  }

  /** Writes what the gateway holds in memory now (tests, shut-down). */
  async flush(): Promise<void> {
    await this.shadows.flush();
    await this.events.flush();
    await this.sales.flush();
    await this.deadLetters.flush();
  }

  /** One event per vendor and shop: a sub-account limited to some shops hears only of their machines. */
  private async announce(changes: (Omit<ShadowChange, "serial" | "source"> & { serial?: string; source?: string })[]) {
    const claimed = changes.filter((change) => change.vendorId !== null);
    if (claimed.length === 0) return;
    const shops = await shopsOfDevices(
      this.deps.db,
      claimed.map((change) => change.deviceId),
    ).catch(() => new Map<number, number | null>());
    const byShop = new Map<string, { vendorId: number; shopId: number | null; list: typeof changes }>();
    for (const change of claimed) {
      const vendorId = change.vendorId as number;
      const shopId = shops.get(change.deviceId) ?? null;
      const key = `${vendorId}:${shopId}`;
      const entry = byShop.get(key) ?? { vendorId, shopId, list: [] };
      entry.list.push(change);
      byShop.set(key, entry);
    }
    for (const { vendorId, shopId, list } of byShop.values()) {
      const data = {
        devices: list.map(
          ({ deviceId, vendorId: _vendor, serial: _serial, source: _source, seenAt, presence, ...fields }) => ({
            id: deviceId,
            ...fields,
            ...(presence === undefined ? {} : { presence, online: presence === "online" }),
            ...(seenAt === undefined ? {} : { last_seen_at: Math.floor(seenAt.getTime() / 1000) }),
          }),
        ),
      };
      await this.deps.live
        .publish({ topic: "devices.status", vendorId, groupId: null, shopId, data })
        .catch(() => undefined);
    }
  }
}

const runtimes = new WeakMap<AppDeps, DeviceRuntime>();

/** The app's device runtime (one per app: tests run several apps in one process). */
export function deviceRuntime(deps: AppDeps): DeviceRuntime {
  let runtime = runtimes.get(deps);
  if (!runtime) {
    runtime = new DeviceRuntime(deps);
    runtimes.set(deps, runtime);
  }
  return runtime;
}
