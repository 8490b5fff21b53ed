import { API, type CommandItem } from "@washboard/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoVendors, testShop } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";

/**
 * Several API instances on one broker. With a shared subscription (the machine's Mosquitto in CI)
 * each machine message reaches one instance, so successive statuses of a machine land on different
 * instances: what waits for a machine that comes online must be decided from the database (the
 * committed change of presence), not from one instance's memory — and sent by exactly one instance.
 * On the embedded broker (no shared subscriptions) every instance hears every message; still one
 * sends.
 */
const as = { as: "vendor_admin" } as const;
const shared = process.env.MQTT_URL ? `wb-test-${Date.now().toString(36)}` : undefined;
let server: TestServer;
let shopId: number;
let klId: number;
const machines = testMachines("MULTI");

beforeAll(async () => {
  server = await startTestServer({ mqttSharedGroup: shared, deviceCommandWaitMinutes: 5 });
  await server.app.ready();
  await server.secondInstance({ mqttSharedGroup: shared });
  await server.secondInstance({ mqttSharedGroup: shared });
  klId = (await demoVendors(server.database)).kl.id;
  shopId = await testShop(server.database, klId, "Cluster shop");
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

it("delivers what waited for each machine once it is online, exactly once, whichever instance heard it", async () => {
  const waiting: {
    id: number;
    device: Awaited<ReturnType<typeof machines.provision>>["device"];
    command: CommandItem;
  }[] = [];
  for (const name of ["A", "B", "C", "D"]) {
    const { id, device } = await machines.provision(server, { vendorId: klId, shopId }, name, { timeScale: 600 });
    const { body } = await server.send(API.devices.coinCollection, { device_ids: [id], action: "audit" }, as);
    const command = body.result.commands[0];
    if (!command) throw new Error("no command");
    expect(command.state).toBe("queued");
    waiting.push({ id, device, command });
  }
  // The machines come online, each status handled by whichever instance the broker chose.
  await Promise.all(waiting.map((w) => w.device.connect()));
  for (const { id, device, command } of waiting) {
    await expect
      .poll(
        async () => {
          const history = await server.send(API.devices.commands, { device_id: id }, as);
          return history.body.result.items.find((c) => c.id === command.id)?.state;
        },
        { timeout: 15_000 },
      )
      .toBe("succeeded");
    expect(device.stats.commandsReceived, device.serial).toBe(1);
  }
  // Machines that drop and come back, twice each: their statuses land on any instance, and what
  // waits for them still goes out once per return.
  for (const round of [1, 2]) {
    for (const { id, device } of waiting) {
      await device.disconnect();
      await expect
        .poll(async () => {
          const { body } = await server.send(API.devices.list, {}, as);
          return body.result.items.find((d) => d.id === id)?.presence;
        })
        .toBe("offline");
      const restart = await server.send(API.devices.reboot, { device_ids: [id] }, as);
      expect(restart.body.result.commands[0]?.state).toBe("queued");
      await device.connect();
      await expect
        .poll(
          async () => {
            const history = await server.send(API.devices.commands, { device_id: id }, as);
            return history.body.result.items.find((c) => c.id === restart.body.result.commands[0]?.id)?.state;
          },
          { timeout: 15_000 },
        )
        .toBe("succeeded");
      expect(device.stats.commandsReceived, `${device.serial} round ${round}`).toBe(1 + round);
      // The restart's own reconnection settles before the next drop.
      await device.waitFor((s) => s.online, 10_000);
    }
  }
});
