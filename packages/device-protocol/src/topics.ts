/**
 * Topics of the device protocol. Every topic belongs to one device, named by its serial number:
 * `wb/v1/d/<serial>/<kind>`. Devices publish the "up" kinds and subscribe to the "down" kinds of their
 * own serial only; the server's gateway may use every topic (see `mayUseTopic`).
 */
export const TOPIC_ROOT = "wb/v1/d";

/** What a device sends. */
export const UP_KINDS = ["status", "event", "ack", "shadow/reported"] as const;
/** What a device receives. */
export const DOWN_KINDS = ["cmd", "shadow/desired"] as const;

export type UpKind = (typeof UP_KINDS)[number];
export type DownKind = (typeof DOWN_KINDS)[number];
export type TopicKind = UpKind | DownKind;

/**
 * A serial number is a topic level, so it can hold none of MQTT's separators or wildcards; letters,
 * digits, dash and underscore cover every manufacturer's format we have seen.
 */
export const SERIAL_PATTERN = /^[A-Za-z0-9_-]{4,64}$/;

export function isSerialNumber(value: string): boolean {
  return SERIAL_PATTERN.test(value);
}

export function deviceTopic(serial: string, kind: TopicKind): string {
  return `${TOPIC_ROOT}/${serial}/${kind}`;
}

/** The gateway's subscription for one up kind of every device (`+` is the serial level). */
export function everyDeviceTopic(kind: UpKind): string {
  return `${TOPIC_ROOT}/+/${kind}`;
}

const KINDS: readonly string[] = [...UP_KINDS, ...DOWN_KINDS];

/** The device and kind a concrete topic names, or null for any other topic. */
export function parseDeviceTopic(topic: string): { serial: string; kind: TopicKind } | null {
  const prefix = `${TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return null;
  const rest = topic.slice(prefix.length);
  const slash = rest.indexOf("/");
  if (slash < 0) return null;
  const serial = rest.slice(0, slash);
  const kind = rest.slice(slash + 1);
  if (!isSerialNumber(serial) || !KINDS.includes(kind)) return null;
  return { serial, kind: kind as TopicKind };
}

export type BrokerAction = "publish" | "subscribe";

/** `$share/<group>/<filter>`: the group a name without `/`, `+` or `#`. */
const SHARED_SUBSCRIPTION = /^\$share\/[^/+#]+\/(.+)$/;

/** Who is asking the broker: the server's gateway, or one device by its serial number. */
export type BrokerClient = { role: "gateway" } | { role: "device"; serial: string };

/**
 * The one access rule of the broker, used by the embedded broker's hooks and by the HTTP hooks that
 * production brokers call: the gateway may use every device topic; a device may publish its own up
 * kinds and subscribe to its own down kinds, by exact topic (no wildcards), and nothing else.
 */
export function mayUseTopic(client: BrokerClient, action: BrokerAction, topic: string): boolean {
  if (client.role === "gateway") {
    // With several API instances the gateway subscribes through a shared subscription,
    // `$share/<group>/<filter>` (MQTT 5, and Mosquitto and EMQX for 3.1.1 clients too).
    const shared = action === "subscribe" ? SHARED_SUBSCRIPTION.exec(topic) : null;
    return (shared?.[1] ?? topic).startsWith(`${TOPIC_ROOT}/`);
  }
  const parsed = parseDeviceTopic(topic);
  if (!parsed || parsed.serial !== client.serial) return false;
  const kinds: readonly string[] = action === "publish" ? UP_KINDS : DOWN_KINDS;
  return kinds.includes(parsed.kind);
}
