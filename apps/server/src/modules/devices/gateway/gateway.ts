import { randomUUID } from "node:crypto";
import {
  commandAck,
  type DeviceCommand,
  decode,
  deviceEvent,
  deviceTopic,
  encode,
  everyDeviceTopic,
  parseDeviceTopic,
  reportedShadow,
  statusMessage,
  UP_KINDS,
} from "@washboard/device-protocol";
import type { FastifyBaseLogger } from "fastify";
import mqtt, { type MqttClient } from "mqtt";
import { GATEWAY_CLIENT_PREFIX } from "../broker/broker-access.js";
import type { DeviceCommands } from "../commands/device-commands.js";
import type { DeviceDirectory } from "./device-directory.js";
import type { LoggedEvent } from "./event-log-writer.js";
import type { ShadowChange } from "./shadow-writer.js";

/** How long shut-down waits for messages in flight to the broker. */
const CLOSE_WAIT_MS = 2_000;

export interface GatewayConnection {
  url: string;
  username: string;
  password: string | undefined;
  /** Set with several API instances: each device message then reaches one of them. */
  sharedGroup: string | undefined;
}

export interface GatewayParts {
  directory: DeviceDirectory;
  commands: () => DeviceCommands;
  shadows: { add(change: ShadowChange): void };
  events: { add(event: LoggedEvent): void };
  log: FastifyBaseLogger;
}

/**
 * The server's one MQTT client: it subscribes to every device's up topics, turns each message into
 * a shadow patch, a device-log row or a command outcome, and publishes commands down. A message
 * that does not decode is logged and dropped — a device cannot make the gateway fail.
 */
export class DeviceGateway {
  /** Devices this instance has seen online since it connected. */
  private readonly online = new Set<number>();

  private constructor(
    /** The broker it is connected to. */
    readonly url: string,
    private readonly client: MqttClient,
    private readonly parts: GatewayParts,
  ) {}

  static connect(connection: GatewayConnection, parts: GatewayParts): DeviceGateway {
    // Not awaited: the API serves without its broker (a broker that is down or restarting is
    // reconnected to every second), and every connection subscribes afresh (clean sessions).
    const client = mqtt.connect(connection.url, {
      clientId: `${GATEWAY_CLIENT_PREFIX}${randomUUID()}`,
      username: connection.username,
      ...(connection.password === undefined ? {} : { password: connection.password }),
      clean: true,
      resubscribe: false,
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
    });
    const gateway = new DeviceGateway(connection.url, client, parts);
    const share = (topic: string) => (connection.sharedGroup ? `$share/${connection.sharedGroup}/${topic}` : topic);
    const topics = UP_KINDS.map((kind) => share(everyDeviceTopic(kind)));
    client.on("connect", () => {
      // Retained statuses arrive again after subscribing: devices online now get what waits for them.
      gateway.online.clear();
      client.subscribe(topics, { qos: 1 }, (error) => {
        if (error) parts.log.error({ err: error }, "device topics not subscribed");
      });
    });
    client.on("message", (topic, payload) => {
      gateway
        .receive(topic, payload)
        .catch((error: unknown) => parts.log.error({ err: error, topic }, "device message not handled"));
    });
    client.on("error", (error) => parts.log.warn({ err: error }, "device broker connection error"));
    return gateway;
  }

  get connected(): boolean {
    return this.client.connected;
  }

  /** Sends a command down (QoS 1: at least once; the device acts on its id once). */
  send(serial: string, command: DeviceCommand): void {
    this.client.publish(deviceTopic(serial, "cmd"), encode(command), { qos: 1 }, (error) => {
      if (error) this.parts.log.warn({ err: error, serial, command: command.id }, "command not published");
    });
  }

  /**
   * Publishes what the parameters should be, retained so a device reconnecting later reads it. Not
   * awaited, like commands: with the broker away it goes out when the connection is back.
   */
  publishDesired(serial: string, version: number, params: Record<string, number>): void {
    const message = encode({ v: 1, version, params });
    this.client.publish(deviceTopic(serial, "shadow/desired"), message, { qos: 1, retain: true }, (error) => {
      if (error) this.parts.log.warn({ err: error, serial }, "desired parameters not published");
    });
  }

  private async receive(topic: string, payload: Buffer): Promise<void> {
    const parsed = parseDeviceTopic(topic);
    // An empty message clears a retained one (a machine removed for good): nothing to record.
    if (!parsed || payload.length === 0) return;
    const device = await this.parts.directory.find(parsed.serial);
    if (!device) return;
    const seenAt = new Date();
    const { shadows, events, log } = this.parts;
    const drop = (error: string) => log.warn({ serial: parsed.serial, topic, error }, "device message refused");
    switch (parsed.kind) {
      case "status": {
        const message = decode(statusMessage, payload);
        if (!message.ok) return drop(message.error);
        const { online, busy, fault, firmware } = message.value;
        shadows.add({ deviceId: device.id, vendorId: device.vendorId, seenAt, online, busy, fault, firmware });
        // What waits for a device is sent when it comes online, not at every status it reports.
        const wasOnline = this.online.has(device.id);
        if (online) this.online.add(device.id);
        else this.online.delete(device.id);
        if (online && !wasOnline) await this.parts.commands().deliverWaiting(device.id, parsed.serial);
        return;
      }
      case "shadow/reported": {
        const message = decode(reportedShadow, payload);
        if (!message.ok) return drop(message.error);
        const { params, cashbox, firmware } = message.value;
        shadows.add({ deviceId: device.id, vendorId: device.vendorId, seenAt, params, cashbox, firmware });
        return;
      }
      case "event": {
        const message = decode(deviceEvent, payload);
        if (!message.ok) return drop(message.error);
        const { vendorId } = device;
        // An unclaimed machine's events belong to nobody yet: its log starts when a vendor claims it.
        if (vendorId === null) return;
        events.add({ deviceId: device.id, vendorId, serial: parsed.serial, event: message.value });
        const type = message.value.type;
        if (type === "cycle_started" || type === "cycle_finished") {
          shadows.add({ deviceId: device.id, vendorId: device.vendorId, seenAt, busy: type === "cycle_started" });
        }
        return;
      }
      case "ack": {
        const message = decode(commandAck, payload);
        if (!message.ok) return drop(message.error);
        if (device.vendorId === null) return;
        await this.parts.commands().acknowledge(device.id, device.vendorId, message.value);
        return;
      }
      default:
        return;
    }
  }

  /**
   * Disconnects, letting messages in flight finish for a moment; a broker that is gone or slow does
   * not hold the server's shut-down (the commands concerned time out, as they would anyway).
   */
  async close(): Promise<void> {
    const graceful = this.client.endAsync().then(() => true);
    const inTime = await Promise.race([
      graceful,
      new Promise<boolean>((r) => setTimeout(() => r(false), CLOSE_WAIT_MS)),
    ]);
    if (!inTime) await this.client.endAsync(true);
  }
}
