import { randomBytes } from "node:crypto";
import { inArray, sql } from "drizzle-orm";
import type { AppDeps, Running } from "../../platform/module.js";
import { deviceOrderWriter } from "../orders/device-orders.js";
import type { VendorTenant } from "../tenancy/scope.js";
import { BrokerAccess } from "./broker/broker-access.js";
import { type EmbeddedBroker, startEmbeddedBroker } from "./broker/embedded-broker.js";
import type { CommandView } from "./commands/command-view.js";
import { DeviceCommands } from "./commands/device-commands.js";
import { DeviceDirectory } from "./gateway/device-directory.js";
import { eventLogWriter } from "./gateway/event-log-writer.js";
import { DeviceGateway } from "./gateway/gateway.js";
import { type ShadowChange, shadowWriter } from "./gateway/shadow-writer.js";
import { deviceShadows, devices } from "./tables.js";

const SWEEP_MS = 1_000;
/** A Bluetooth start is valid this long: time for the phone to write it and bring the answer back. */
const BLUETOOTH_COMMAND_MS = 120_000;

/**
 * Everything of the devices domain that lives beside requests, per app: the broker (embedded when
 * there is no MQTT_URL), the gateway's connection, the batched writers and the command sweeper.
 * Routes are declared before the app starts, so they reach the gateway through this object.
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
  private gateway: DeviceGateway | undefined;

  constructor(private readonly deps: AppDeps) {
    const { db, live, log, config } = deps;
    this.directory = new DeviceDirectory(db);
    this.hookAccess = new BrokerAccess(db, {
      username: config.mqttGatewayUsername,
      password: config.mqttGatewayPassword,
    });
    const onError = (error: unknown) => log.error({ err: error }, "device data not written");
    this.shadows = shadowWriter(db, (changes) => void this.announce(changes), onError);
    this.events = eventLogWriter(db, onError);
    this.sales = deviceOrderWriter(db, (error) => log.error({ err: error }, "machine sales not written"));
    this.commands = new DeviceCommands(
      db,
      live,
      {
        ackTimeoutMs: config.deviceAckTimeoutMs,
        waitMs: config.deviceCommandWaitMinutes * 60_000,
        bluetoothMs: BLUETOOTH_COMMAND_MS,
      },
      (serial, command) => {
        if (!this.gateway) throw new Error("the device gateway is not connected yet");
        this.gateway.send(serial, command);
      },
      (deviceId, vendorId, answer) => this.shadows.add({ deviceId, vendorId, seenAt: new Date(), ...answer }),
    );
  }

  /** The gateway, once started (a request can only arrive after that). */
  get connectedGateway(): DeviceGateway {
    if (!this.gateway) throw new Error("the device gateway is not connected yet");
    return this.gateway;
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
      broker = await startEmbeddedBroker(access, config.mqttEmbeddedPort);
      url = broker.url;
      log.info({ url }, "embedded MQTT broker listening");
    }
    this.gateway = DeviceGateway.connect(
      { url, username: config.mqttGatewayUsername, password, sharedGroup: config.mqttSharedGroup },
      {
        directory: this.directory,
        commands: () => this.commands,
        shadows: this.shadows,
        events: {
          add: (event) => {
            this.events.add(event);
            this.sales.add(event);
          },
        },
        log,
      },
    );
    const sweeper = setInterval(() => {
      this.commands.sweep().catch((error: unknown) => log.error({ err: error }, "command sweep failed"));
    }, SWEEP_MS);
    return {
      stop: async () => {
        clearInterval(sweeper);
        await this.gateway?.close();
        this.gateway = undefined;
        await this.shadows.flush();
        await this.events.flush();
        await this.sales.flush();
        await broker?.close();
      },
    };
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
    for (const row of rows) {
      const serial = serialOf.get(row.deviceId);
      if (serial) this.connectedGateway.publishDesired(serial, row.version, row.params);
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
  }

  private async announce(changes: ShadowChange[]): Promise<void> {
    const byVendor = new Map<number, ShadowChange[]>();
    for (const change of changes) {
      if (change.vendorId !== null) byVendor.set(change.vendorId, [...(byVendor.get(change.vendorId) ?? []), change]);
    }
    for (const [vendorId, list] of byVendor) {
      const data = {
        devices: list.map(({ deviceId, vendorId: _vendor, seenAt, ...fields }) => ({
          id: deviceId,
          ...fields,
          last_seen_at: Math.floor(seenAt.getTime() / 1000),
        })),
      };
      await this.deps.live.publish({ topic: "devices.status", vendorId, groupId: null, data }).catch(() => undefined);
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
