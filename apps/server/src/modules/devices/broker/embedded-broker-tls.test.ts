import { readFileSync } from "node:fs";
import path from "node:path";
import { API } from "@washboard/shared";
import mqtt from "mqtt";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoVendors } from "../../../test/fixtures.js";
import { freePort, startTestServer, type TestServer } from "../../../test/harness.js";
import { provisionDevice } from "../provision.js";

/**
 * A single-machine install can take real machines: the embedded broker listens where it is told
 * (`MQTT_EMBEDDED_HOST`) and serves MQTT over TLS with the operator's certificate (`MQTT_TLS_CERT`,
 * `MQTT_TLS_KEY`, `MQTT_TLS_PORT`), admitting through the same access rule as the plain port.
 */
const TLS_DIR = path.resolve(import.meta.dirname, "../../../test/tls");
const cert = path.join(TLS_DIR, "broker-test.crt");
const key = path.join(TLS_DIR, "broker-test.key");
let server: TestServer;
let tlsPort: number;

beforeAll(async () => {
  tlsPort = await freePort();
  server = await startTestServer({
    mqttUrl: undefined,
    mqttEmbeddedHost: "0.0.0.0",
    mqttTlsCert: cert,
    mqttTlsKey: key,
    mqttTlsPort: tlsPort,
  });
  await server.app.ready();
});
afterAll(() => server.close());

it("admits a machine over TLS with its secret, and only a client that trusts the certificate", async () => {
  const { kl } = await demoVendors(server.database);
  const serial = `TLS-${Date.now().toString(36)}`;
  const { id, secret } = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    serialNumber: serial,
    machineType: "washer",
  });
  const url = `mqtts://127.0.0.1:${tlsPort}`;
  const login = { clientId: serial, username: serial, password: secret, reconnectPeriod: 0, connectTimeout: 5_000 };

  // A client that does not know the certificate refuses the connection: it is real TLS.
  await expect(mqtt.connectAsync(url, login)).rejects.toThrow();
  // A wrong secret is refused over TLS as over the plain port.
  await expect(mqtt.connectAsync(url, { ...login, password: "wrong", ca: readFileSync(cert) })).rejects.toThrow();

  const machine = await mqtt.connectAsync(url, { ...login, ca: readFileSync(cert), servername: "localhost" });
  await machine.publishAsync(`wb/v1/d/${serial}/status`, JSON.stringify({ v: 1, online: true, firmware: "4.0.0" }), {
    qos: 1,
    retain: true,
  });
  await expect
    .poll(async () => {
      const { body } = await server.send(API.devices.list, {}, { as: "vendor_admin" });
      const item = body.result.items.find((d) => d.id === id);
      return item && { presence: item.presence, firmware: item.firmware };
    })
    .toEqual({ presence: "online", firmware: "4.0.0" });
  // The broker says when it left: no goodbye needed.
  await machine.endAsync();
  await expect
    .poll(async () => {
      const { body } = await server.send(API.devices.list, {}, { as: "vendor_admin" });
      return body.result.items.find((d) => d.id === id)?.presence;
    })
    .toBe("offline");
});
