import { randomBytes } from "node:crypto";
import { deviceTopic } from "@washboard/device-protocol";
import type { BrokerRiskName } from "@washboard/shared";
import { and, isNull, like } from "drizzle-orm";
import mqtt, { type MqttClient } from "mqtt";
import type { Db } from "../../../platform/db/client.js";
import { devices } from "../tables.js";
import { GATEWAY_CLIENT_PREFIX } from "./broker-access.js";
import { hashDeviceSecret, newDeviceSecret } from "./device-secrets.js";

/**
 * What the start-up check can find wrong with an outside broker (`BROKER_RISKS`): any of them lets a
 * stranger read every command or forge a sale.
 */
export type BrokerRisk = BrokerRiskName;

/** The probe machine's serials: made for the check, in no vendor, removed after it (and at the next check). */
const PROBE_PREFIX = "__probe-";
const WAIT_MS = 3_000;

interface Login {
  url: string;
  username: string;
  password: string | undefined;
}

/**
 * Tries the broker as a stranger would: connects with no login, connects as a registered machine
 * with a wrong password, and — logged in as that machine — publishes on another machine's topic
 * while the gateway's login listens there. A broker that uses our hooks (or the embedded one)
 * refuses all three. The probe machine exists only for the check.
 */
export async function checkBrokerSecurity(db: Db, gateway: Login): Promise<BrokerRisk[]> {
  await db.delete(devices).where(and(like(devices.serialNumber, `${PROBE_PREFIX}%`), isNull(devices.vendorId)));
  const serial = `${PROBE_PREFIX}${randomBytes(6).toString("hex")}`;
  const secret = newDeviceSecret();
  await db
    .insert(devices)
    .values({ serialNumber: serial, machineType: "washer", secretHash: hashDeviceSecret(secret) });
  const risks: BrokerRisk[] = [];
  try {
    if (await admits(gateway.url, { clientId: `${PROBE_PREFIX}anon-${randomBytes(4).toString("hex")}` })) {
      risks.push("anonymous_accepted");
    }
    if (await admits(gateway.url, { clientId: serial, username: serial, password: `${secret}x` })) {
      risks.push("wrong_password_accepted");
    }
    if (await foreignPublishArrives(gateway, serial, secret)) risks.push("foreign_topic_accepted");
  } finally {
    await db.delete(devices).where(and(like(devices.serialNumber, `${PROBE_PREFIX}%`), isNull(devices.vendorId)));
  }
  return risks;
}

async function open(url: string, options: mqtt.IClientOptions): Promise<MqttClient | null> {
  try {
    return await mqtt.connectAsync(url, { ...options, reconnectPeriod: 0, connectTimeout: WAIT_MS, clean: true });
  } catch {
    return null;
  }
}

async function admits(url: string, options: mqtt.IClientOptions): Promise<boolean> {
  const client = await open(url, options);
  if (!client) return false;
  await client.endAsync(true);
  return true;
}

/** Whether a message the probe machine publishes on another machine's topic reaches a listener there. */
async function foreignPublishArrives(gateway: Login, serial: string, secret: string): Promise<boolean> {
  const other = `${PROBE_PREFIX}${randomBytes(6).toString("hex")}`;
  const topic = deviceTopic(other, "event");
  const listener = await open(gateway.url, {
    clientId: `${GATEWAY_CLIENT_PREFIX}probe-${randomBytes(4).toString("hex")}`,
    username: gateway.username,
    ...(gateway.password === undefined ? {} : { password: gateway.password }),
  });
  if (!listener) return false;
  const machine = await open(gateway.url, { clientId: serial, username: serial, password: secret });
  try {
    if (!machine) return false;
    await listener.subscribeAsync(topic, { qos: 1 });
    const arrived = new Promise<boolean>((resolve) => {
      listener.on("message", (received) => received === topic && resolve(true));
      setTimeout(() => resolve(false), WAIT_MS);
    });
    // A broker may drop the connection of a machine that publishes where it may not; that is a refusal.
    machine.publish(topic, "probe", { qos: 1 }, () => undefined);
    return await arrived;
  } finally {
    await machine?.endAsync(true);
    await listener.endAsync(true);
  }
}
