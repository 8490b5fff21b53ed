import net from "node:net";
import { API } from "@washboard/shared";
import { Aedes } from "aedes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brokerUrlOf, freePort, startTestServer, type TestServer } from "../../../test/harness.js";
import { checkBrokerSecurity } from "./broker-security.js";

/**
 * At start the server tries an outside broker as a stranger would. Ours (the embedded broker, or a
 * broker calling our hooks) refuses an anonymous client, a wrong password and a machine publishing
 * on another's topic; an open broker lets all three through, and the server says so — in its log and
 * on the dashboard of those who run the install, unless a test rig says it knows.
 */
async function openBroker(): Promise<{ url: string; close(): Promise<void> }> {
  const aedes = await Aedes.createBroker();
  const server = net.createServer(aedes.handle);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `mqtt://127.0.0.1:${port}`,
    close: async () => {
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let open: Awaited<ReturnType<typeof openBroker>>;
let secure: TestServer;

beforeAll(async () => {
  open = await openBroker();
  // Its own embedded broker, whatever MQTT_URL says: the broker under test is ours.
  secure = await startTestServer({ mqttUrl: undefined });
  await secure.app.ready();
});
afterAll(async () => {
  await secure.close();
  await open.close();
});

const login = (server: TestServer, url: string) => ({
  url,
  username: server.config.mqttGatewayUsername,
  password: server.config.mqttGatewayPassword,
});

describe("the broker check", () => {
  it("finds nothing wrong with the embedded broker, which admits through the one access rule", async () => {
    expect(await checkBrokerSecurity(secure.database.db, login(secure, brokerUrlOf(secure.config)))).toEqual([]);
  });

  it("finds every way into an open broker, and leaves no probe machine behind", async () => {
    expect(await checkBrokerSecurity(secure.database.db, login(secure, open.url))).toEqual([
      "anonymous_accepted",
      "wrong_password_accepted",
      "foreign_topic_accepted",
    ]);
    const { body } = await secure.send(API.devices.list, { search: "__probe" }, { as: "vendor_admin" });
    expect(body.result.items).toEqual([]);
  });

  it.runIf(Boolean(process.env.MQTT_URL))("finds this machine's open Mosquitto open", async () => {
    const risks = await checkBrokerSecurity(secure.database.db, login(secure, process.env.MQTT_URL ?? ""));
    expect(risks).toContain("anonymous_accepted");
  });
});

describe("a server on an open broker", () => {
  it("warns the main administrators on the dashboard, and no one else", async () => {
    const server = await startTestServer({ mqttUrl: open.url, mqttAllowInsecure: false });
    try {
      await server.app.ready();
      const risks = async (as: string) =>
        (await server.send(API.dashboard.summary, {}, { as })).body.result.broker_risks;
      await expect.poll(() => risks("vendor_admin"), { timeout: 15_000 }).toContain("anonymous_accepted");
      expect(await risks("group_admin")).toContain("foreign_topic_accepted");
      expect(await risks("vendor_sub")).toEqual([]);
      expect(await risks("group_sub")).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it("says nothing on a test rig that set MQTT_ALLOW_INSECURE", async () => {
    const server = await startTestServer({ mqttUrl: open.url, mqttAllowInsecure: true });
    try {
      await server.app.ready();
      // What is under test is that nothing is said: the pause stands for the time a check of this
      // broker takes once the gateway is connected (the test above hears its risks after one).
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const { body } = await server.send(API.dashboard.summary, {}, { as: "vendor_admin" });
      expect(body.result.broker_risks).toEqual([]);
    } finally {
      await server.close();
    }
  });
});
