import { randomBytes } from "node:crypto";
import { SimulatedDevice } from "@washboard/device-sim";
import { API, type CommandItem } from "@washboard/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { freePort, startTestServer, type TestServer } from "../../test/harness.js";
import { BrokerAccess } from "./broker/broker-access.js";
import { type EmbeddedBroker, startEmbeddedBroker } from "./broker/embedded-broker.js";
import { provisionDevice } from "./provision.js";

/**
 * The broker goes away and comes back (a restart, a failover): no command is left "sent" for ever,
 * the gateway and the machines reconnect by themselves, and the shadows are current again.
 */
const ACK_TIMEOUT_MS = 1_000;
const as = { as: "vendor_admin" } as const;
const GATEWAY_PASSWORD = "restart-test-gateway";

let server: TestServer;
let broker: EmbeddedBroker;
let access: BrokerAccess;
let port: number;
let device: SimulatedDevice;
let deviceId: number;

beforeAll(async () => {
  // A broker of the test's own, so the test can stop it; the server's gateway connects to it as to any
  // broker (and keeps trying until it is there).
  port = await freePort();
  server = await startTestServer({
    deviceAckTimeoutMs: ACK_TIMEOUT_MS,
    mqttUrl: `mqtt://127.0.0.1:${port}`,
    mqttGatewayPassword: GATEWAY_PASSWORD,
  });
  // Modules started (the gateway connecting) before machines connect.
  await server.app.ready();
  access = new BrokerAccess(server.database.db, {
    username: server.config.mqttGatewayUsername,
    password: GATEWAY_PASSWORD,
  });
  broker = await startEmbeddedBroker(access, port);
  const { kl } = await demoVendors(server.database);
  const serial = `RST-${randomBytes(3).toString("hex")}`;
  const provisioned = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber: serial,
    machineType: "dryer",
  });
  deviceId = provisioned.id;
  device = new SimulatedDevice(
    { serial, secret: provisioned.secret, machineType: "dryer", firmware: "3.1.0" },
    { brokerUrl: broker.url, timeScale: 600, reconnectPeriodMs: 200 },
  );
  await device.connect();
});
afterAll(async () => {
  await device.disconnect({ forget: true }).catch(() => undefined);
  await server.close();
  await broker.close();
});

const online = async () => {
  const { body } = await server.send(API.devices.list, {}, as);
  return body.result.items.find((d) => d.id === deviceId)?.online;
};

it("leaves no command sent for ever, and shadows refresh when broker, gateway and machine are back", async () => {
  await expect.poll(online, { timeout: 10_000 }).toBe(true);
  await broker.close();
  // While the broker is down the command is sent into the void: it must end, not hang as "sent".
  const { body } = await server.send(API.devices.coinCollection, { device_ids: [deviceId], action: "audit" }, as);
  const command = body.result.commands[0] as CommandItem;
  expect(command.state).toBe("sent");
  await expect
    .poll(
      async () => {
        const history = await server.send(API.devices.commands, { device_id: deviceId }, as);
        return history.body.result.items.find((c) => c.id === command.id)?.state;
      },
      { timeout: ACK_TIMEOUT_MS + 10_000 },
    )
    .not.toBe("sent");

  broker = await startEmbeddedBroker(access, port);
  await device.waitFor((s) => s.online, 15_000);
  await expect.poll(online, { timeout: 15_000 }).toBe(true);
  // The gateway is subscribed again: a new command round-trips.
  const again = await server.send(API.devices.reboot, { device_ids: [deviceId] }, as);
  const id = again.body.result.commands[0]?.id;
  await expect
    .poll(
      async () => {
        const history = await server.send(API.devices.commands, { device_id: deviceId }, as);
        return history.body.result.items.find((c) => c.id === id)?.state;
      },
      { timeout: 15_000 },
    )
    .toBe("succeeded");
});
