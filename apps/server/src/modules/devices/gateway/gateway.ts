import { randomUUID } from "node:crypto";
import { type DeviceCommand, deviceTopic, encode, everyDeviceTopic, UP_KINDS } from "@washboard/device-protocol";
import type { FastifyBaseLogger } from "fastify";
import mqtt, { type MqttClient } from "mqtt";
import { GATEWAY_CLIENT_PREFIX } from "../broker/broker-access.js";

/** How long shut-down waits for messages in flight to the broker. */
const CLOSE_WAIT_MS = 2_000;

export interface GatewayConnection {
  url: string;
  username: string;
  password: string | undefined;
  /** Set with several API instances: each device message then reaches one of them. */
  sharedGroup: string | undefined;
}

export interface GatewayHandlers {
  /** A message off a device topic; `retained`: the broker kept it and replays it on subscribing. */
  message(topic: string, payload: Buffer, retained: boolean): void;
  /**
   * Subscribed to every device's topics: at the start (`lostAt` null), or again after the connection
   * was lost at `lostAt`.
   */
  connected(lostAt: Date | null): void;
  log: FastifyBaseLogger;
}

/**
 * The server's one MQTT connection: it subscribes to every device's up topics and hands each
 * message on, and publishes commands and desired shadows down.
 *
 * It never queues anything itself. mqtt.js keeps what is published while disconnected, and what
 * was in flight when a connection broke, and sends it when the connection is back — a restart the
 * console shows as timed out would then run minutes later. So a publish is refused while
 * disconnected (the caller keeps the command waiting, and the server decides when to send it),
 * and whatever is in flight when the connection breaks is dropped.
 */
export class DeviceGateway {
  /** Since when the connection has been up and subscribed (null: it is not). */
  private subscribedSince: number | null = null;
  /** When the last subscribed connection was lost (null: never). */
  private lostAt: Date | null = null;

  private constructor(
    /** The broker it is connected to. */
    readonly url: string,
    private readonly client: MqttClient,
    private readonly handlers: GatewayHandlers,
  ) {}

  static connect(connection: GatewayConnection, handlers: GatewayHandlers): DeviceGateway {
    // Not awaited: the API serves without its broker (a broker that is down or restarting is
    // reconnected to every second), and every connection subscribes afresh (clean sessions).
    const client = mqtt.connect(connection.url, {
      clientId: `${GATEWAY_CLIENT_PREFIX}${randomUUID()}`,
      username: connection.username,
      ...(connection.password === undefined ? {} : { password: connection.password }),
      clean: true,
      resubscribe: false,
      queueQoSZero: false,
      reconnectPeriod: 1_000,
      connectTimeout: 10_000,
    });
    const gateway = new DeviceGateway(connection.url, client, handlers);
    const { log } = handlers;
    const share = (topic: string) => (connection.sharedGroup ? `$share/${connection.sharedGroup}/${topic}` : topic);
    const topics = UP_KINDS.map((kind) => share(everyDeviceTopic(kind)));
    client.on("connect", () => {
      client.subscribe(topics, { qos: 1 }, (error, granted) => {
        const refused = granted?.filter((g) => g.qos === 128).map((g) => g.topic) ?? [];
        if (error || refused.length > 0) {
          log.error({ err: error, refused }, "device topics not subscribed");
          return;
        }
        gateway.subscribedSince = Date.now();
        handlers.connected(gateway.lostAt);
      });
    });
    client.on("close", () => {
      if (gateway.subscribedSince !== null) gateway.lostAt = new Date();
      gateway.subscribedSince = null;
      gateway.dropInFlight();
    });
    client.on("message", (topic, payload, packet) => handlers.message(topic, payload, packet.retain));
    client.on("error", (error) => log.warn({ err: error }, "device broker connection error"));
    return gateway;
  }

  /** Connected to the broker and subscribed: a message published now reaches the devices. */
  get connected(): boolean {
    return this.client.connected && this.subscribedSince !== null;
  }

  /** How long the gateway has been connected and listening without a break, in ms (0: it is not). */
  listeningForMs(now = Date.now()): number {
    return this.subscribedSince === null || !this.client.connected ? 0 : now - this.subscribedSince;
  }

  /**
   * Sends a command down (QoS 1: at least once; the device acts on its id once). False when the
   * broker cannot be reached now: nothing is kept to be sent later.
   */
  send(serial: string, command: DeviceCommand): boolean {
    return this.publish(deviceTopic(serial, "cmd"), encode(command), false);
  }

  /** Publishes what the parameters should be, retained so a device reconnecting later reads it. */
  publishDesired(serial: string, version: number, params: Record<string, number>): boolean {
    return this.publish(deviceTopic(serial, "shadow/desired"), encode({ v: 1, version, params }), true);
  }

  private publish(topic: string, message: string, retain: boolean): boolean {
    if (!this.connected) return false;
    this.client.publish(topic, message, { qos: 1, retain }, (error) => {
      if (error) this.handlers.log.warn({ err: error, topic }, "not published");
    });
    return true;
  }

  /** The connection broke: what was published and not yet acknowledged by the broker is forgotten. */
  private dropInFlight(): void {
    for (const [id, entry] of Object.entries(this.client.outgoing)) {
      if (entry.cmd === "publish") this.client.removeOutgoingMessage(Number(id));
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
