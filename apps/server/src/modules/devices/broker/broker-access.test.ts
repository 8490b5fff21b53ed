import { deviceTopic } from "@washboard/device-protocol";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { provisionDevice } from "../provision.js";
import { BrokerAccess, GATEWAY_CLIENT_PREFIX } from "./broker-access.js";
import { type EmbeddedBroker, startEmbeddedBroker } from "./embedded-broker.js";

const GATEWAY = { username: "washboard-gateway", password: "gateway-secret" };

let server: TestServer;
let a: { serial: string; secret: string };
let b: { serial: string; secret: string };

beforeAll(async () => {
  server = await startTestServer();
  const { kl } = await demoVendors(server.database);
  const suffix = Math.random().toString(36).slice(2, 8);
  a = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber: `ACL-A-${suffix}`,
    machineType: "washer",
  });
  b = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber: `ACL-B-${suffix}`,
    machineType: "dryer",
  });
});
afterAll(() => server.close());

describe("the broker's HTTP hooks (EMQX and mosquitto-go-auth)", () => {
  const post = (url: string, payload: Record<string, unknown>, form = false) =>
    server.app.inject({
      method: "POST",
      url,
      ...(form
        ? {
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: new URLSearchParams(
              Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])),
            ).toString(),
          }
        : { payload }),
    });

  it("admit a device with its own secret, serial as username and client id, and no one else", async () => {
    const ok = await post("/mqtt/auth", { username: a.serial, password: a.secret, clientid: a.serial });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ result: "allow", ok: true });
    for (const wrong of [
      { username: a.serial, password: b.secret, clientid: a.serial },
      { username: a.serial, password: a.secret, clientid: b.serial },
      { username: "NOBODY-1", password: a.secret, clientid: "NOBODY-1" },
      { username: a.serial, clientid: a.serial },
    ]) {
      const refused = await post("/mqtt/auth", wrong);
      expect(refused.statusCode, JSON.stringify(wrong)).toBe(403);
      expect(refused.json()).toMatchObject({ result: "deny", ok: false });
    }
    const form = await post("/mqtt/auth", { username: a.serial, password: a.secret, clientid: a.serial }, true);
    expect(form.statusCode).toBe(200);
  });

  it("admit the gateway with its configured login and a gateway client id", async () => {
    const { mqttGatewayUsername: username, mqttGatewayPassword: password } = server.config;
    const ok = await post("/mqtt/auth", { username, password, clientid: `${GATEWAY_CLIENT_PREFIX}1` });
    expect(ok.statusCode).toBe(200);
    const taken = await post("/mqtt/auth", { username, password, clientid: a.serial });
    expect(taken.statusCode).toBe(403);
  });

  it("allow a device its own topics only, in either plugin's form; nobody is a superuser", async () => {
    const allowed = [
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "status"), action: "publish" },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "cmd"), action: "subscribe" },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "ack"), acc: 2 },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "shadow/desired"), acc: 4 },
      { username: server.config.mqttGatewayUsername, topic: deviceTopic(b.serial, "cmd"), action: "publish" },
    ];
    for (const body of allowed) expect((await post("/mqtt/acl", body)).statusCode, JSON.stringify(body)).toBe(200);
    const refused = [
      { username: a.serial, clientid: a.serial, topic: deviceTopic(b.serial, "cmd"), action: "subscribe" },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(b.serial, "status"), action: "publish" },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "cmd"), action: "publish" },
      { username: a.serial, clientid: a.serial, topic: "wb/v1/d/+/cmd", acc: 4 },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "status"), acc: 3 },
      { username: a.serial, clientid: b.serial, topic: deviceTopic(a.serial, "status"), action: "publish" },
      { username: a.serial, clientid: a.serial, topic: deviceTopic(a.serial, "status") },
    ];
    for (const body of refused) expect((await post("/mqtt/acl", body)).statusCode, JSON.stringify(body)).toBe(403);
    expect((await post("/mqtt/superuser", { username: server.config.mqttGatewayUsername })).statusCode).toBe(403);
  });
});

describe("the embedded broker", () => {
  let broker: EmbeddedBroker;
  beforeAll(async () => {
    broker = await startEmbeddedBroker(new BrokerAccess(server.database.db, GATEWAY), { port: 0 });
  });
  afterAll(() => broker.close());

  const device = (who: { serial: string; secret: string }) =>
    mqtt.connectAsync(broker.url, {
      clientId: who.serial,
      username: who.serial,
      password: who.secret,
      reconnectPeriod: 0,
    });

  it("refuses a device with a wrong secret", async () => {
    await expect(
      mqtt.connectAsync(broker.url, { clientId: a.serial, username: a.serial, password: b.secret, reconnectPeriod: 0 }),
    ).rejects.toThrow(/Not authorized|Bad username or password/i);
  });

  it("keeps a device to its own topics: another's commands cannot be read nor its status forged", async () => {
    const gateway = await mqtt.connectAsync(broker.url, {
      clientId: `${GATEWAY_CLIENT_PREFIX}test`,
      ...GATEWAY,
      reconnectPeriod: 0,
    });
    const seen: string[] = [];
    gateway.on("message", (topic, payload) => seen.push(`${topic} ${payload.toString()}`));
    await gateway.subscribeAsync("wb/v1/d/+/status", { qos: 1 });

    const deviceA = await device(a);
    const [own] = await deviceA.subscribeAsync(deviceTopic(a.serial, "cmd"), { qos: 1 });
    expect(own?.qos).toBe(1);
    for (const topic of [deviceTopic(b.serial, "cmd"), "wb/v1/d/#"]) {
      await expect(deviceA.subscribeAsync(topic, { qos: 1 }), topic).rejects.toThrow(/Subscribe error/);
    }

    await deviceA.publishAsync(deviceTopic(a.serial, "status"), '{"v":1,"online":true}', { qos: 1 });
    await expect.poll(() => seen).toContain(`${deviceTopic(a.serial, "status")} {"v":1,"online":true}`);

    // A forged publish is refused and the forger disconnected; the message reaches no one.
    deviceA.publish(deviceTopic(b.serial, "status"), '{"v":1,"online":false}', { qos: 1 });
    await expect.poll(() => deviceA.connected, { timeout: 5_000 }).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen.filter((m) => m.startsWith(deviceTopic(b.serial, "status")))).toEqual([]);

    // The gateway may command any device.
    const deviceB = await device(b);
    const commands: string[] = [];
    deviceB.on("message", (_topic, payload) => commands.push(payload.toString()));
    await deviceB.subscribeAsync(deviceTopic(b.serial, "cmd"), { qos: 1 });
    await gateway.publishAsync(deviceTopic(b.serial, "cmd"), "hello", { qos: 1 });
    await expect.poll(() => commands).toEqual(["hello"]);
    await Promise.all([deviceA.endAsync(true), deviceB.endAsync(), gateway.endAsync()]);
  });
});
