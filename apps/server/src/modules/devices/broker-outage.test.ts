import { randomBytes } from "node:crypto";
import { SimulatedDevice } from "@washboard/device-sim";
import { API, type CommandItem, type DeviceItem } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { freePort, startTestServer, type TestServer } from "../../test/harness.js";
import { type StoppableBroker, stoppableBroker } from "../../test/stoppable-broker.js";
import { BrokerAccess } from "./broker/broker-access.js";
import { provisionDevice } from "./provision.js";

/**
 * The broker goes away and comes back (a restart, a failover). The server never queues a command in
 * its MQTT client: what the console shows as timed out or expired is never carried out later; what
 * waits for a machine goes out when the server decides, once the broker and the machine are back. A
 * machine that left while nobody listened is shown as unknown, then offline — never online for ever.
 */
const ACK_TIMEOUT_MS = 1_000;
const PRESENCE_TIMEOUT_MS = 3_000;
const as = { as: "vendor_admin" } as const;
const GATEWAY_PASSWORD = "outage-test-gateway";
const run = randomBytes(3).toString("hex").toUpperCase();

let server: TestServer;
let broker: StoppableBroker;
let port: number;
const started: SimulatedDevice[] = [];

async function machine(name: string) {
  const { kl } = await demoVendors(server.database);
  const serial = `OUT${run}-${name}`;
  const { id, secret } = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber: serial,
    machineType: "dryer",
  });
  const device = new SimulatedDevice(
    { serial, secret, machineType: "dryer", firmware: "3.1.0" },
    // A quick heartbeat, as the protocol's minute is too long for a test.
    { brokerUrl: `mqtt://127.0.0.1:${port}`, timeScale: 600, reconnectPeriodMs: 200, heartbeatMs: 500 },
  );
  started.push(device);
  await device.connect();
  await expect.poll(async () => (await listed(id))?.presence, { timeout: 10_000 }).toBe("online");
  return { id, device };
}

async function listed(id: number): Promise<DeviceItem | undefined> {
  const { body } = await server.send(API.devices.list, { page_size: 200 }, as);
  return body.result.items.find((d) => d.id === id);
}

async function commandState(deviceId: number, commandId: string | undefined): Promise<CommandItem | undefined> {
  const history = await server.send(API.devices.commands, { device_id: deviceId }, as);
  return history.body.result.items.find((c) => c.id === commandId);
}

const stopBroker = () => broker.stop();
const startBroker = () => broker.start();

beforeAll(async () => {
  // A broker of the test's own, so the test can stop it — a Mosquitto process where the suite runs
  // against Mosquitto, else the embedded broker; the server's gateway connects to it as to any
  // broker (and keeps trying until it is there).
  port = await freePort();
  server = await startTestServer({
    deviceAckTimeoutMs: ACK_TIMEOUT_MS,
    devicePresenceTimeoutMs: PRESENCE_TIMEOUT_MS,
    // A minute's wait for an offline machine; the expiry test below waits less by its own command.
    deviceCommandWaitMinutes: 1,
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    mqttGatewayPassword: GATEWAY_PASSWORD,
    mqttAllowInsecure: true,
  });
  await server.app.ready();
  const access = new BrokerAccess(server.database.db, {
    username: server.config.mqttGatewayUsername,
    password: GATEWAY_PASSWORD,
  });
  broker = stoppableBroker(port, access);
  await startBroker();
});
afterAll(async () => {
  await Promise.all(started.map((d) => d.disconnect({ forget: true }).catch(() => undefined)));
  await server.close();
  await stopBroker();
});

describe("a broker outage", () => {
  it("keeps commands waiting instead of sending them into the void, and sends them once all is back", async () => {
    const { id, device } = await machine("WAIT");
    await stopBroker();
    // The gateway notices at once: a remote start fails, naming the broker, not the machine.
    await expect
      .poll(async () => {
        const start = await server.send(
          API.devices.remoteStart,
          { device_ids: [id], start_type: "free_start", program: "Hot", price: 0 },
          as,
        );
        return start.body.result.commands[0]?.reason;
      })
      .toBe("broker_unreachable");
    const audit = await server.send(API.devices.coinCollection, { device_ids: [id], action: "audit" }, as);
    const waiting = audit.body.result.commands[0];
    expect(waiting?.state).toBe("queued");
    // However long the outage, it is not "sent" and not lost. The pause is what is under test: past
    // the time an answer is waited for, when a command sent would have timed out.
    await new Promise((resolve) => setTimeout(resolve, ACK_TIMEOUT_MS * 2));
    expect((await commandState(id, waiting?.id))?.state).toBe("queued");

    await startBroker();
    await device.waitFor((s) => s.online, 15_000);
    await expect.poll(async () => (await commandState(id, waiting?.id))?.state, { timeout: 15_000 }).toBe("succeeded");
  });

  it("never carries out later what the console shows as expired", async () => {
    const { id, device } = await machine("EXPIRE");
    await stopBroker();
    await expect.poll(async () => (await listed(id))?.presence !== undefined).toBe(true);
    // A command that waits a minute at most: the clock below moves it past its expiry.
    const restart = await server.send(API.devices.reboot, { device_ids: [id] }, as);
    const command = restart.body.result.commands[0];
    expect(command?.state).toBe("queued");
    await server.database.db.execute(
      (await import("drizzle-orm"))
        .sql`update device_commands set expires_at = now() - interval '1 second' where id = ${command?.id}`,
    );
    await expect.poll(async () => (await commandState(id, command?.id))?.state, { timeout: 5_000 }).toBe("expired");

    await startBroker();
    await device.waitFor((s) => s.online, 15_000);
    // A restart sent now arrives; anything kept anywhere would have arrived before it: nothing did.
    const fresh = (await server.send(API.devices.reboot, { device_ids: [id] }, as)).body.result.commands[0];
    await expect.poll(async () => (await commandState(id, fresh?.id))?.state, { timeout: 15_000 }).toBe("succeeded");
    expect(device.stats.commandsReceived).toBe(1);
    expect(device.state.handledCommands).toEqual([fresh?.id]);
    expect((await commandState(id, command?.id))?.state).toBe("expired");
  });

  it("shows a machine that left while the broker was away as unknown, then offline; one that came back online", async () => {
    const back = await machine("BACK");
    const gone = await machine("GONE");
    await stopBroker();
    // The machine is switched off while nobody listens: no will, no goodbye reaches anyone.
    await gone.device.disconnect({ abrupt: true });
    // Longer than a blip (the runtime's OUTAGE_RESET_MS, 5 s): the server stops trusting what it knew.
    // The length of the outage is what is under test.
    await new Promise((resolve) => setTimeout(resolve, 5_500));
    const restartedAt = Math.floor(Date.now() / 1000);
    await startBroker();
    await back.device.waitFor((s) => s.online, 15_000);
    // The gateway listens again once it hears the machine that came back.
    await expect
      .poll(async () => (await listed(back.id))?.last_seen_at ?? 0, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(restartedAt);
    await expect.poll(async () => (await listed(back.id))?.presence).toBe("online");
    await expect.poll(async () => (await listed(gone.id))?.presence).not.toBe("online");
    // Silent for the presence window: offline.
    await expect
      .poll(async () => (await listed(gone.id))?.presence, { timeout: PRESENCE_TIMEOUT_MS + 10_000 })
      .toBe("offline");
    expect((await listed(back.id))?.presence).toBe("online");
    // A start to it fails at once instead of waiting for an answer.
    const start = await server.send(
      API.devices.remoteStart,
      { device_ids: [gone.id], start_type: "free_start", program: "Hot", price: 0 },
      as,
    );
    expect(start.body.result.commands[0]).toMatchObject({ state: "failed", reason: "offline" });
  });
});

describe("a machine that answers after the timeout", () => {
  it("corrects the record: the command shows what the machine did, answered late", async () => {
    const { id, device } = await machine("LATE");
    device.answerDelayMs = ACK_TIMEOUT_MS + 1_500;
    const audit = await server.send(API.devices.coinCollection, { device_ids: [id], action: "audit" }, as);
    const command = audit.body.result.commands[0];
    await expect.poll(async () => (await commandState(id, command?.id))?.state, { timeout: 5_000 }).toBe("timed_out");
    await expect
      .poll(
        async () => {
          const now = await commandState(id, command?.id);
          return now && { state: now.state, late: now.late, cashbox: now.result?.cashbox !== undefined };
        },
        { timeout: 10_000 },
      )
      .toEqual({ state: "succeeded", late: true, cashbox: true });
    // And the machine answers again: it is responding.
    await expect.poll(async () => (await listed(id))?.responding).toBe(true);
  });
});
