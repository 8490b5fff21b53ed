import { randomBytes } from "node:crypto";
import { SimulatedDevice } from "@washboard/device-sim";
import { API, type CommandItem, type DeviceItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listening, openEventStream } from "../../test/event-stream.js";
import { demoVendors, otherTenant } from "../../test/fixtures.js";
import { brokerUrlOf, startTestServer, type TestServer } from "../../test/harness.js";
import { shops } from "../shops/tables.js";
import { provisionDevice } from "./provision.js";
import { deviceLog } from "./tables.js";

/**
 * Commands round trip to simulated machines over a real broker (the embedded one, or the machine's
 * Mosquitto when MQTT_URL is set): what the operator sees is what the device answered.
 */
const ACK_TIMEOUT_MS = 1_500;
const FINAL = ["succeeded", "failed", "timed_out", "expired"];
const as = { as: "vendor_admin" } as const;

let server: TestServer;
let shopId: number;
const started: SimulatedDevice[] = [];
/** Serials unique to this run: parallel test files may share one broker. */
const run = randomBytes(3).toString("hex").toUpperCase();

async function machine(name: string, options: { online?: boolean; type?: string } = {}) {
  const { kl } = await demoVendors(server.database);
  const { id, serial, secret } = await provisionDevice(server.database.db, {
    vendorId: kl.id,
    shopId,
    serialNumber: `T${run}-${name}`,
    name,
    machineType: options.type ?? "washer",
  });
  const device = new SimulatedDevice(
    { serial, secret, machineType: options.type ?? "washer", firmware: "2.0.0" },
    {
      brokerUrl: brokerUrlOf(server.config),
      timeScale: 600,
      initial: { cashbox: { current: 1_200, cumulative: 48_000 } },
    },
  );
  started.push(device);
  if (options.online !== false) {
    await device.connect();
    await expect.poll(async () => (await listed(id))?.online, { timeout: 10_000 }).toBe(true);
  }
  return { id, device };
}

async function listed(id: number): Promise<DeviceItem | undefined> {
  const { body } = await server.send(API.devices.list, { page_size: 200 }, as);
  return body.result.items.find((item) => item.id === id);
}

async function commandsOf(deviceId: number): Promise<CommandItem[]> {
  const { body } = await server.send(API.devices.commands, { device_id: deviceId }, as);
  return body.result.items;
}

/** The command's final state, as the history shows it once the device answered (or did not). */
async function outcome(command: CommandItem | undefined, timeout = 10_000): Promise<CommandItem> {
  if (!command) throw new Error("no command issued");
  let last: CommandItem | undefined;
  await expect
    .poll(
      async () => {
        last = (await commandsOf(command.device_id)).find((c) => c.id === command.id);
        return FINAL.includes(last?.state ?? "");
      },
      { timeout },
    )
    .toBe(true);
  return last as CommandItem;
}

beforeAll(async () => {
  server = await startTestServer({ deviceAckTimeoutMs: ACK_TIMEOUT_MS });
  // Modules started (the gateway connecting) before machines connect.
  await server.app.ready();
  const { kl } = await demoVendors(server.database);
  const [shop] = await server.database.db
    .insert(shops)
    .values({ vendorId: kl.id, name: `Device shop ${run}`, address: "1 Jalan Mesin", serviceType: 1 })
    .returning();
  shopId = shop?.id ?? 0;
});
afterAll(async () => {
  await Promise.all(started.map((d) => d.disconnect({ forget: true }).catch(() => undefined)));
  await server.close();
});

describe("a machine that connects", () => {
  it("shows online with the firmware, cash box and parameters it reported", async () => {
    const { id } = await machine("CONNECT");
    await expect
      .poll(async () => {
        const item = await listed(id);
        return item && { firmware: item.firmware, cashbox: [item.cashbox_current, item.cashbox_cumulative] };
      })
      .toEqual({ firmware: "2.0.0", cashbox: [1_200, 48_000] });
    expect(Object.keys((await listed(id))?.params_reported ?? {}).length).toBeGreaterThan(0);
  });
});

describe("commands", () => {
  it("restart: the machine answers, drops off and comes back", async () => {
    const { id, device } = await machine("RESTART");
    const { body } = await server.send(API.devices.reboot, { device_ids: [id] }, as);
    expect(body.result.commands[0]).toMatchObject({ device_id: id, kind: "restart", state: "sent" });
    expect(await outcome(body.result.commands[0])).toMatchObject({ state: "succeeded" });
    await device.waitFor((s) => s.online, 10_000);
  });

  it("cash-box audit answers what the box holds; reset empties it and says what was taken", async () => {
    const { id, device } = await machine("CASH");
    device.insertCoins(300);
    await device.waitFor((s) => s.cashbox.current === 1_500);
    const audit = await server.send(API.devices.coinCollection, { device_ids: [id], action: "audit" }, as);
    expect(await outcome(audit.body.result.commands[0])).toMatchObject({
      state: "succeeded",
      result: { cashbox: { current: 1_500, cumulative: 48_300 } },
    });
    const reset = await server.send(API.devices.coinCollection, { device_ids: [id], action: "reset" }, as);
    expect(await outcome(reset.body.result.commands[0])).toMatchObject({
      state: "succeeded",
      result: { cashbox: { current: 1_500, cumulative: 48_300 } },
    });
    await expect.poll(async () => (await listed(id))?.cashbox_current).toBe(0);
    expect((await listed(id))?.cashbox_cumulative).toBe(48_300);
    // Every event the machine reported is in the device log once.
    const logged = await server.database.db.select().from(deviceLog).where(eq(deviceLog.deviceId, id));
    expect(logged.map((row) => row.type).sort()).toEqual(["cashbox_collected", "coin_inserted"]);
    const log = await server.send(API.devices.log, { device_id: id }, as);
    expect(log.body.result.items.map((item) => [item.type, item.details.amount])).toEqual([
      ["cashbox_collected", 1_500],
      ["coin_inserted", 300],
    ]);
    const coins = await server.send(API.devices.log, { shop_id: shopId, type: "coin_inserted" }, as);
    expect(coins.body.result.items.every((item) => item.type === "coin_inserted" && item.shop_name !== null)).toBe(
      true,
    );
  });

  it("set parameters: desired and reported side by side, equal once the machine applied them", async () => {
    const { id } = await machine("PARAMS");
    const { body } = await server.send(API.devices.updateShadow, { device_ids: [id], params: { price: 650 } }, as);
    expect(await outcome(body.result.commands[0])).toMatchObject({ state: "succeeded" });
    await expect.poll(async () => (await listed(id))?.params_reported.price).toBe(650);
    expect((await listed(id))?.params_desired).toEqual({ price: 650 });
  });

  it("a price template assigned to a machine arrives as its parameters; a change to it follows", async () => {
    const { id } = await machine("TEMPLATE");
    const template = {
      model_name: `Hot wash ${run}`,
      display_price: 75_000,
      price: 70_000,
      estimated_minutes: 45,
      extra_params: "water_temp=60",
      options: [{ name: "Extra rinse", added_price: 5_000, added_minutes: 10 }],
    };
    const created = await server.send(API.priceTemplates.create, template, as);
    const templateId = created.body.result.id;
    const { body } = await server.send(API.priceTemplates.assign, { id: templateId, device_ids: [id] }, as);
    expect(body.result).toMatchObject({ id: templateId, device_ids: [id] });
    expect(await outcome(body.result.commands[0])).toMatchObject({ state: "succeeded", kind: "set_params" });
    // 70,000 in two 16-bit words: 1 × 65,536 + 4,464.
    const pushed = { program_minutes: 45, price_lo: 4_464, price_hi: 1, option_count: 1, opt1_minutes: 10 };
    await expect.poll(async () => (await listed(id))?.params_reported).toMatchObject({ ...pushed, water_temp: 60 });
    expect(await listed(id)).toMatchObject({ price_template_id: templateId, params_desired: pushed });

    await server.send(API.priceTemplates.modify, { id: templateId, ...template, price: 900 }, as);
    await expect
      .poll(async () => (await listed(id))?.params_reported)
      .toMatchObject({ price_lo: 900, price_hi: 0, water_temp: 60 });
  });

  it("remote start runs a cycle; a second start while it runs is refused as busy", async () => {
    const { id, device } = await machine("START");
    const start = { device_ids: [id], start_type: "free_start" as const, program: "Quick wash", price: 0, minutes: 30 };
    const first = await server.send(API.devices.remoteStart, start, as);
    expect(await outcome(first.body.result.commands[0])).toMatchObject({ state: "succeeded" });
    await device.waitFor((s) => s.busy);
    await expect.poll(async () => (await listed(id))?.busy).toBe(true);
    const second = await server.send(API.devices.remoteStart, start, as);
    expect(await outcome(second.body.result.commands[0])).toMatchObject({ state: "failed", reason: "busy" });
  });

  it("remote start to an offline machine fails at once and never reaches it", async () => {
    const { id, device } = await machine("OFFLINE", { online: false });
    const { body } = await server.send(
      API.devices.remoteStart,
      { device_ids: [id], start_type: "free_start", program: "Quick wash", price: 0 },
      as,
    );
    expect(body.result.commands[0]).toMatchObject({ state: "failed", reason: "offline" });
    await device.connect();
    await expect.poll(async () => (await listed(id))?.online).toBe(true);
    // A restart sent now reaches it; nothing sent before it does.
    const restart = await server.send(API.devices.reboot, { device_ids: [id] }, as);
    expect(await outcome(restart.body.result.commands[0])).toMatchObject({ state: "succeeded" });
    expect(device.state.handledCommands).toEqual([restart.body.result.commands[0]?.id]);
  });

  it("a restart waits for an offline machine and is delivered when it connects", async () => {
    const { id, device } = await machine("WAITS", { online: false });
    const { body } = await server.send(API.devices.reboot, { device_ids: [id] }, as);
    expect(body.result.commands[0]).toMatchObject({ state: "queued" });
    await device.connect();
    expect(await outcome(body.result.commands[0])).toMatchObject({ state: "succeeded" });
    expect(device.state.handledCommands).toEqual([body.result.commands[0]?.id]);
  });

  it("a machine that never answers ends as timed out and is shown as not responding", async () => {
    const { id, device } = await machine("SILENT");
    device.answer = "silent";
    const { body } = await server.send(API.devices.coinCollection, { device_ids: [id], action: "audit" }, as);
    expect(await outcome(body.result.commands[0], ACK_TIMEOUT_MS + 10_000)).toMatchObject({ state: "timed_out" });
    await expect.poll(async () => (await listed(id))?.responding).toBe(false);
  });

  it("a whole shop: one command per machine, each with its own outcome", async () => {
    const shop = await server.database.db
      .insert(shops)
      .values({
        vendorId: (await demoVendors(server.database)).kl.id,
        name: `Bulk ${run}`,
        address: "2 Jalan",
        serviceType: 1,
      })
      .returning();
    const bulkShop = shop[0]?.id ?? 0;
    const saved = shopId;
    shopId = bulkShop;
    const online = await machine("BULK-1");
    await machine("BULK-2");
    const offline = await machine("BULK-3", { online: false });
    shopId = saved;
    const { body } = await server.send(API.devices.coinCollection, { shop_id: bulkShop, action: "audit" }, as);
    const commands = body.result.commands;
    expect(commands).toHaveLength(3);
    expect(new Set(commands.map((c) => c.batch_id)).size).toBe(1);
    const finals = await Promise.all(commands.filter((c) => c.device_id !== offline.id).map((c) => outcome(c)));
    expect(finals.map((c) => c.state)).toEqual(["succeeded", "succeeded"]);
    expect(commands.find((c) => c.device_id === offline.id)?.state).toBe("queued");
    expect(commands.some((c) => c.device_id === online.id)).toBe(true);
  });

  it("another tenant's machine cannot be commanded or seen", async () => {
    const { id } = await machine("MINE");
    const other = await otherTenant(server.database);
    const refused = await server.sendRaw(API.devices.reboot, { device_ids: [id] }, { as: other.vendorAdmin.username });
    expect(refused.http).toBe(404);
    const { body } = await server.send(API.devices.list, {}, { as: other.vendorAdmin.username });
    expect(body.result.items).toEqual([]);
    expect(await commandsOf(id)).toEqual([]);
  });
});

describe("two API instances", () => {
  it("a command issued through one shows its outcome on the other's live stream", async () => {
    const second = await server.secondInstance();
    const url = await listening(second);
    const stream = await openEventStream(url, API.live.events.path, { token: await server.login("vendor_admin") });
    const { id } = await machine("LIVE");
    const { body } = await server.send(API.devices.reboot, { device_ids: [id] }, as);
    const commandId = body.result.commands[0]?.id;
    const done = await stream.next(
      (e) =>
        e.event === "devices.command" &&
        JSON.parse(e.data).id === commandId &&
        JSON.parse(e.data).state === "succeeded",
    );
    expect(JSON.parse(done.data)).toMatchObject({ device_id: id, kind: "restart" });
    stream.close();
  });
});
