import { deviceTopic } from "@washboard/device-protocol";
import Fastify from "fastify";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { provisionDevice } from "../provision.js";
import { BrokerAccess, GATEWAY_CLIENT_PREFIX } from "./broker-access.js";
import { type EmbeddedBroker, startEmbeddedBroker } from "./embedded-broker.js";
import { registerBrokerHooks } from "./http-hooks.js";

const GATEWAY = { username: "washboard-gateway", password: "gateway-secret" };
const HOOK_TOKEN = "hook-token-of-this-test";

let server: TestServer;
let a: { serial: string; secret: string };
let b: { serial: string; secret: string };
let c: { serial: string; secret: string };

beforeAll(async () => {
  server = await startTestServer({ mqttHookToken: HOOK_TOKEN });
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
  c = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber: `ACL-C-${suffix}`,
    machineType: "washer",
  });
});
afterAll(() => server.close());

describe("the broker's HTTP hooks (EMQX and mosquitto-go-auth)", () => {
  const post = (url: string, payload: Record<string, unknown>, form = false, token: string | null = HOOK_TOKEN) =>
    server.app.inject({
      method: "POST",
      url,
      ...(token === null ? {} : { headers: { authorization: `Bearer ${token}` } }),
      ...(form
        ? {
            headers: {
              "content-type": "application/x-www-form-urlencoded",
              ...(token === null ? {} : { authorization: `Bearer ${token}` }),
            },
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

  it("answer only the broker that sends the hook token", async () => {
    const login = { username: a.serial, password: a.secret, clientid: a.serial };
    expect((await post("/mqtt/auth", login, false, null)).statusCode).toBe(403);
    expect((await post("/mqtt/auth", login, false, "a guess")).statusCode).toBe(403);
    // A plugin that takes only a URI (mosquitto-go-auth) names the token in the query.
    expect((await post(`/mqtt/auth?token=${HOOK_TOKEN}`, login, false, null)).statusCode).toBe(200);
    expect((await post("/mqtt/auth?token=wrong", login, false, null)).statusCode).toBe(403);
    expect(
      (await post("/mqtt/acl", { ...login, topic: deviceTopic(a.serial, "status"), action: "publish" }, false, null))
        .statusCode,
    ).toBe(403);
  });

  it("stop checking a username after its failures, per connecting address when the broker says it", async () => {
    const { loginMaxFailuresPerUser: limit } = server.config;
    const attacker = { username: c.serial, clientid: c.serial, peerhost: "203.0.113.66" };
    for (let n = 0; n < limit; n++) {
      expect((await post("/mqtt/auth", { ...attacker, password: `guess-${n}` })).statusCode).toBe(403);
    }
    // From the attacker's address even the right secret is no longer checked…
    expect((await post("/mqtt/auth", { ...attacker, password: c.secret })).statusCode).toBe(403);
    // …while the machine itself, from its own address, still gets in.
    const machine = { username: c.serial, clientid: c.serial, password: c.secret, peerhost: "192.0.2.10" };
    expect((await post("/mqtt/auth", machine)).statusCode).toBe(200);
    // A broker that does not say the address: the username's failures count alone.
    for (let n = 0; n < limit; n++) {
      await post("/mqtt/auth", { username: b.serial, clientid: b.serial, password: `guess-${n}` });
    }
    expect((await post("/mqtt/auth", { username: b.serial, clientid: b.serial, password: b.secret })).statusCode).toBe(
      403,
    );
  });

  it("do not exist without a hook token (the embedded broker asks in-process)", async () => {
    const bare = Fastify();
    registerBrokerHooks(
      bare,
      new BrokerAccess(server.database.db, GATEWAY),
      undefined,
      { take: async () => true, succeeded: async () => undefined },
      async () => undefined,
    );
    const answer = await bare.inject({
      method: "POST",
      url: "/mqtt/auth",
      payload: { username: a.serial, password: a.secret },
    });
    expect(answer.statusCode).toBe(404);
    await bare.close();
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
    // The machine itself says where it stands next: once that has arrived, the forgery would have before it.
    const deviceB = await device(b);
    const ownStatus = `${deviceTopic(b.serial, "status")} {"v":1,"online":true}`;
    await deviceB.publishAsync(deviceTopic(b.serial, "status"), '{"v":1,"online":true}', { qos: 1 });
    await expect.poll(() => seen).toContain(ownStatus);
    expect(seen.filter((m) => m.startsWith(deviceTopic(b.serial, "status")))).toEqual([ownStatus]);

    // The gateway may command any device.
    const commands: string[] = [];
    deviceB.on("message", (_topic, payload) => commands.push(payload.toString()));
    await deviceB.subscribeAsync(deviceTopic(b.serial, "cmd"), { qos: 1 });
    await gateway.publishAsync(deviceTopic(b.serial, "cmd"), "hello", { qos: 1 });
    await expect.poll(() => commands).toEqual(["hello"]);
    await Promise.all([deviceA.endAsync(true), deviceB.endAsync(), gateway.endAsync()]);
  });
});
