import { randomUUID } from "node:crypto";
import {
  type CommandAck,
  commandAck,
  type DeviceEvent,
  type DeviceEventType,
  decode,
  deviceEvent,
  deviceTopic,
  encode,
  parseDeviceTopic,
  type ReportedShadow,
  reportedShadow,
  type StatusMessage,
  statusMessage,
  TOPIC_ROOT,
} from "@washboard/device-protocol";
import mqtt, { type MqttClient } from "mqtt";

interface UpBodies {
  status: StatusMessage;
  event: DeviceEvent;
  ack: CommandAck;
  "shadow/reported": ReportedShadow;
}
type UpKindOf = keyof UpBodies;

interface Received {
  serial: string;
  kind: UpKindOf;
  body: UpBodies[UpKindOf];
}

const SCHEMAS = { status: statusMessage, event: deviceEvent, ack: commandAck, "shadow/reported": reportedShadow };

/**
 * The server's side of the wire, for tests: it records every message devices send (each decoded
 * with the protocol's schema; one that does not decode is kept in `invalid`), and sends commands
 * and desired shadows.
 */
export class TestGateway {
  readonly received: Received[] = [];
  readonly invalid: string[] = [];
  private readonly listeners = new Set<() => void>();

  private constructor(private readonly client: MqttClient) {}

  static async connect(url: string): Promise<TestGateway> {
    const client = await mqtt.connectAsync(url, { clientId: `gateway-${randomUUID()}`, clean: true });
    const gateway = new TestGateway(client);
    client.on("message", (topic, payload) => gateway.record(topic, payload));
    await client.subscribeAsync(`${TOPIC_ROOT}/+/#`, { qos: 1 });
    return gateway;
  }

  private record(topic: string, payload: Buffer): void {
    const parsed = parseDeviceTopic(topic);
    if (!parsed || parsed.kind === "cmd" || parsed.kind === "shadow/desired") return;
    const decoded = decode(SCHEMAS[parsed.kind], payload);
    if (!decoded.ok) {
      this.invalid.push(`${topic}: ${decoded.error}`);
      return;
    }
    this.received.push({ serial: parsed.serial, kind: parsed.kind, body: decoded.value });
    for (const listener of [...this.listeners]) listener();
  }

  /** Every message of one kind a device sent, in order. */
  list<K extends UpKindOf>(serial: string, kind: K): UpBodies[K][] {
    return this.received
      .filter((message) => message.serial === serial && message.kind === kind)
      .map((message) => message.body as UpBodies[K]);
  }

  events<T extends DeviceEventType>(serial: string, type: T): Extract<DeviceEvent, { type: T }>[] {
    return this.list(serial, "event").filter(
      (event): event is Extract<DeviceEvent, { type: T }> => event.type === type,
    );
  }

  acks(serial: string, id: string): CommandAck[] {
    return this.list(serial, "ack").filter((ack) => ack.id === id);
  }

  /** The first message of a kind matching `predicate` (already received or still to come). */
  next<K extends UpKindOf>(
    serial: string,
    kind: K,
    predicate: (body: UpBodies[K]) => boolean = () => true,
    timeoutMs = 5_000,
  ): Promise<UpBodies[K]> {
    return this.until(() => this.list(serial, kind).find(predicate), timeoutMs, `${serial} ${kind}`);
  }

  ack(serial: string, id: string, timeoutMs = 5_000): Promise<CommandAck> {
    return this.next(serial, "ack", (ack) => ack.id === id, timeoutMs);
  }

  /** Resolves with what `find` returns once it returns something, checked at every message. */
  until<T>(find: () => T | undefined, timeoutMs = 5_000, what = "condition"): Promise<T> {
    return new Promise((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        this.listeners.delete(check);
      };
      const check = () => {
        const found = find();
        if (found === undefined) return;
        stop();
        resolve(found);
      };
      const timer = setTimeout(() => {
        stop();
        reject(new Error(`gateway: ${what} not seen within ${timeoutMs} ms`));
      }, timeoutMs);
      this.listeners.add(check);
      check();
    });
  }

  async command(serial: string, command: object): Promise<void> {
    await this.client.publishAsync(deviceTopic(serial, "cmd"), encode(command), { qos: 1 });
  }

  async commandRaw(serial: string, payload: string): Promise<void> {
    await this.client.publishAsync(deviceTopic(serial, "cmd"), payload, { qos: 1 });
  }

  async desire(serial: string, version: number, params: Record<string, number>): Promise<void> {
    await this.client.publishAsync(deviceTopic(serial, "shadow/desired"), encode({ v: 1, version, params }), {
      qos: 1,
      retain: true,
    });
  }

  async close(): Promise<void> {
    await this.client.endAsync();
  }
}

/** What the broker retains on a topic, as a late subscriber receives it (with the retain flag). */
export async function retainedOn(url: string, topic: string, timeoutMs = 2_000): Promise<unknown> {
  const client = await mqtt.connectAsync(url, { clientId: `reader-${randomUUID()}`, clean: true });
  try {
    const message = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`nothing retained on ${topic}`)), timeoutMs);
      client.on("message", (_topic, payload, packet) => {
        if (!packet.retain) return;
        clearTimeout(timer);
        resolve(JSON.parse(payload.toString("utf8")));
      });
    });
    await client.subscribeAsync(topic, { qos: 1 });
    return await message;
  } finally {
    await client.endAsync();
  }
}
