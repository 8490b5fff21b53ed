import { type DeviceCommand, deviceTopic, LAST_WILL, type StatusMessage } from "@washboard/device-protocol";
import { templateParams } from "@washboard/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { seededRandom } from "./random.js";
import { SimulatedDevice, type SimulatedDeviceOptions } from "./simulated-device.js";
import { type FirmwareServer, startFirmwareServer } from "./test/firmware-server.js";
import { startTestBroker, type TestBroker } from "./test/test-broker.js";
import { retainedOn, TestGateway } from "./test/test-gateway.js";

/** A simulated minute lasts 100 ms, so cycles and firmware updates end within a test. */
const TIME_SCALE = 600;

let broker: TestBroker;
let gateway: TestGateway;
const devices: SimulatedDevice[] = [];
let serials = 0;
let commandIds = 0;

beforeAll(async () => {
  broker = await startTestBroker();
  gateway = await TestGateway.connect(broker.url);
});

afterEach(async () => {
  await Promise.all(devices.splice(0).map((device) => device.disconnect()));
  expect(gateway.invalid).toEqual([]);
});

afterAll(async () => {
  await gateway.close();
  await broker.close();
});

/** A connected washer with a serial of its own, so retained messages of other tests do not matter. */
async function connectedDevice(options: Partial<SimulatedDeviceOptions> = {}): Promise<SimulatedDevice> {
  serials++;
  const device = new SimulatedDevice(
    { serial: `SIM-${serials}`, secret: "s3cret", machineType: "washer", firmware: "1.0.0" },
    { brokerUrl: broker.url, timeScale: TIME_SCALE, ...options },
  );
  devices.push(device);
  await device.connect();
  return device;
}

const base = () => ({
  v: 1 as const,
  id: `cmd-${++commandIds}`,
  sent_at: Math.floor(Date.now() / 1000),
  expires_at: Math.floor(Date.now() / 1000) + 60,
});
const remoteStart = (minutes: number) =>
  ({
    ...base(),
    kind: "remote_start",
    start_type: "free_start",
    program: "hot",
    price: 0,
    minutes,
  }) satisfies DeviceCommand;

/** Sends a command and waits for its (first) answer. */
async function send(device: SimulatedDevice, command: DeviceCommand) {
  await gateway.command(device.serial, command);
  return gateway.ack(device.serial, command.id);
}

/** Restarts a device by command and waits until it said offline and then online again. */
async function restart(device: SimulatedDevice): Promise<string> {
  const seen = gateway.list(device.serial, "status").length;
  const command = { ...base(), kind: "restart" } satisfies DeviceCommand;
  expect(await send(device, command)).toEqual({ v: 1, id: command.id, ok: true });
  await gateway.until(() => {
    const statuses: StatusMessage[] = gateway.list(device.serial, "status").slice(seen);
    const offline = statuses.findIndex((status) => !status.online);
    return offline >= 0 && statuses.slice(offline).some((status) => status.online) ? true : undefined;
  });
  await device.waitFor((state) => state.online);
  return command.id;
}

describe("connecting", () => {
  it("leaves a retained online status and reports its shadow", async () => {
    const device = await connectedDevice({ initial: { cashbox: { current: 300, cumulative: 9_000 } } });
    const retained = await retainedOn(broker.url, deviceTopic(device.serial, "status"));
    expect(retained).toMatchObject({ v: 1, online: true, busy: false, fault: null, firmware: "1.0.0" });
    const shadow = await gateway.next(device.serial, "shadow/reported");
    expect(shadow).toMatchObject({ v: 1, cashbox: { current: 300, cumulative: 9_000 }, firmware: "1.0.0" });
    // A washer's own settings; no price until a template gives it one.
    expect(shadow.params).toEqual({ water_temp: 40, spin_rpm: 1200 });
    expect(device.state.online).toBe(true);
  });

  it("publishes its will when the connection is cut and says offline when it leaves", async () => {
    const cut = await connectedDevice();
    await cut.disconnect({ abrupt: true });
    expect(await gateway.next(cut.serial, "status", (status) => !status.online)).toEqual(LAST_WILL);
    expect(await retainedOn(broker.url, deviceTopic(cut.serial, "status"))).toEqual(LAST_WILL);

    const leaving = await connectedDevice();
    await leaving.disconnect();
    const offline = await gateway.next(leaving.serial, "status", (status) => !status.online);
    expect(offline).toMatchObject({ v: 1, online: false, ts: expect.any(Number) });
  });
});

describe("commands", () => {
  it("restart: answers ok, goes offline and comes back", async () => {
    const device = await connectedDevice();
    const id = await restart(device);
    expect(device.state.handledCommands).toEqual([id]);
  });

  it("remote_start: answers ok, runs the cycle and reports busy, then idle", async () => {
    const device = await connectedDevice();
    const command = remoteStart(1);
    expect(await send(device, command)).toEqual({ v: 1, id: command.id, ok: true });
    const started = await gateway.next(device.serial, "event", (event) => event.type === "cycle_started");
    expect(started).toMatchObject({
      type: "cycle_started",
      start_type: "free_start",
      program: "hot",
      price: 0,
      minutes: 1,
      command_id: command.id,
    });
    await gateway.next(device.serial, "status", (status) => status.busy === true);
    await gateway.next(device.serial, "event", (event) => event.type === "cycle_finished");
    // The idle status follows the event.
    await gateway.until(() => (gateway.list(device.serial, "status").at(-1)?.busy === false ? true : undefined));
    expect(device.state.busy).toBe(false);
  });

  it("cashbox_audit: answers the cash box", async () => {
    const device = await connectedDevice();
    device.insertCoins(200);
    const command = { ...base(), kind: "cashbox_audit" } satisfies DeviceCommand;
    expect(await send(device, command)).toEqual({
      v: 1,
      id: command.id,
      ok: true,
      cashbox: { current: 200, cumulative: 200 },
    });
  });

  it("cashbox_reset: answers the cash box before emptying and reports it empty after", async () => {
    const device = await connectedDevice();
    device.insertCoins(500);
    device.insertCoins(200);
    await gateway.next(device.serial, "shadow/reported", (shadow) => shadow.cashbox.current === 700);
    const command = { ...base(), kind: "cashbox_reset" } satisfies DeviceCommand;
    expect(await send(device, command)).toEqual({
      v: 1,
      id: command.id,
      ok: true,
      cashbox: { current: 700, cumulative: 700 },
    });
    const collected = await gateway.next(device.serial, "event", (event) => event.type === "cashbox_collected");
    expect(collected).toMatchObject({ amount: 700 });
    await gateway.next(
      device.serial,
      "shadow/reported",
      (shadow) => shadow.cashbox.current === 0 && shadow.cashbox.cumulative === 700,
    );
    expect(device.state.cashbox).toEqual({ current: 0, cumulative: 700 });
    expect(gateway.events(device.serial, "coin_inserted").map((event) => event.amount)).toEqual([500, 200]);
  });

  it("set_params: applies them, answers ok and reports them", async () => {
    const device = await connectedDevice();
    const command = { ...base(), kind: "set_params", params: { price: 650, water_temp: 60 } } satisfies DeviceCommand;
    expect(await send(device, command)).toEqual({ v: 1, id: command.id, ok: true });
    const shadow = await gateway.next(device.serial, "shadow/reported", (s) => s.params.price === 650);
    expect(shadow.params).toMatchObject({ price: 650, water_temp: 60 });
    expect(device.state.params).toMatchObject({ price: 650, water_temp: 60 });
  });

  describe("firmware_notice", () => {
    let files: FirmwareServer;
    beforeAll(async () => {
      files = await startFirmwareServer();
    });
    afterAll(() => files.close());
    const notice = (version = "2.0.0") =>
      ({
        ...base(),
        kind: "firmware_notice",
        version,
        url: files.url,
        size: files.bytes.length,
        sha256: files.sha256,
      }) satisfies DeviceCommand;
    const stages = (device: SimulatedDevice) =>
      gateway
        .events(device.serial, "firmware_progress")
        .map((event) =>
          [event.version, event.stage, event.percent, event.reason].filter((x) => x !== undefined).join(" "),
        );

    it("refuses the installed version, downloads, checks and installs another with progress", async () => {
      const device = await connectedDevice();
      const same = notice("1.0.0");
      expect(await send(device, same)).toMatchObject({ id: same.id, ok: false, reason: "invalid" });

      const update = notice();
      expect(await send(device, update)).toEqual({ v: 1, id: update.id, ok: true });
      await gateway.next(device.serial, "status", (status) => status.firmware === "2.0.0");
      expect(stages(device)).toEqual([
        "2.0.0 downloading 0",
        "2.0.0 downloading 25",
        "2.0.0 downloading 50",
        "2.0.0 downloading 75",
        "2.0.0 downloading 100",
        "2.0.0 installing 0",
        "2.0.0 done 100",
      ]);
      await gateway.next(device.serial, "shadow/reported", (shadow) => shadow.firmware === "2.0.0");
      expect(device.state.handledCommands).toEqual([update.id]);
    });

    it("refuses to install during a customer's cycle (busy), and installs nothing", async () => {
      const device = await connectedDevice();
      expect(await send(device, remoteStart(30))).toMatchObject({ ok: true });
      const update = notice();
      expect(await send(device, update)).toMatchObject({ id: update.id, ok: false, reason: "busy" });
      expect(gateway.events(device.serial, "firmware_progress")).toEqual([]);
      expect(device.state.firmware).toBe("1.0.0");
    });

    it("says why an update failed: a damaged file, a dead line, power lost while installing", async () => {
      const cases = [
        { trouble: { corrupt: 1 }, last: "2.0.0 failed 0 hash_mismatch" },
        { trouble: { interrupted: 1 }, last: "2.0.0 failed 0 download_interrupted" },
        { trouble: { powerLoss: 1 }, last: "2.0.0 failed 0 power_loss" },
      ];
      for (const { trouble, last } of cases) {
        const device = await connectedDevice({ firmwareTrouble: trouble });
        expect(await send(device, notice())).toMatchObject({ ok: true });
        await gateway.until(() => (stages(device).at(-1) === last ? true : undefined));
        await device.waitFor((state) => state.updatingTo === null);
        expect(device.state.firmware).toBe("1.0.0");
      }
    });

    it("a version that does not boot: the machine comes back on its old version and says nothing else", async () => {
      const device = await connectedDevice({ firmwareTrouble: { rolledBack: 1 } });
      const statuses = gateway.list(device.serial, "status").length;
      expect(await send(device, notice())).toMatchObject({ ok: true });
      await gateway.until(() => (stages(device).includes("2.0.0 installing 0") ? true : undefined));
      await device.waitFor((state) => state.updatingTo === null);
      await gateway.until(() => (gateway.list(device.serial, "status").length > statuses ? true : undefined));
      expect(gateway.list(device.serial, "status").at(-1)).toMatchObject({ online: true, firmware: "1.0.0" });
      expect(stages(device).some((stage) => / (done|failed) /.test(stage))).toBe(false);
    });

    it("stays in service while the file comes in; a customer's cycle started meanwhile ends before the install", async () => {
      files.delayMs = 300;
      try {
        const device = await connectedDevice();
        expect(await send(device, notice())).toMatchObject({ ok: true });
        // A simulated 10 minutes: a second, longer than the download.
        expect(await send(device, remoteStart(10))).toMatchObject({ ok: true });
        await gateway.next(device.serial, "status", (status) => status.firmware === "2.0.0");
        const order = gateway
          .list(device.serial, "event")
          .map((event) => (event.type === "firmware_progress" ? `${event.stage} ${event.percent}` : event.type))
          .filter((name) => ["cycle_started", "cycle_finished", "downloading 100", "installing 0"].includes(name));
        expect(order).toEqual(["cycle_started", "downloading 100", "cycle_finished", "installing 0"]);
      } finally {
        files.delayMs = 0;
      }
    });

    it("resumes a dropped download by range and installs the same file", async () => {
      files.ranges.length = 0;
      const device = await connectedDevice({ firmwareTrouble: { resumed: 1 } });
      expect(await send(device, notice())).toMatchObject({ ok: true });
      await gateway.next(device.serial, "status", (status) => status.firmware === "2.0.0");
      expect(files.ranges).toHaveLength(2);
      expect(files.ranges[1]).toMatch(/^bytes=\d+-$/);
    });
  });

  it("refuses what does not decode as invalid, and ignores what has no id", async () => {
    const device = await connectedDevice();
    await gateway.command(device.serial, { v: 1, id: "bad-1", kind: "self_destruct", expires_at: 0 });
    expect(await gateway.ack(device.serial, "bad-1")).toMatchObject({ ok: false, reason: "invalid" });
    await gateway.commandRaw(device.serial, "not json");
    await gateway.command(device.serial, { v: 1, kind: "restart" });
    // A valid command after them is answered, and nothing else was.
    const after = { ...base(), kind: "cashbox_audit" } satisfies DeviceCommand;
    await send(device, after);
    expect(gateway.list(device.serial, "ack").map((ack) => ack.id)).toEqual(["bad-1", after.id]);
  });

  it("acts on a repeated command id once and answers it twice the same", async () => {
    const device = await connectedDevice();
    const command = remoteStart(30);
    await gateway.command(device.serial, command);
    await gateway.command(device.serial, command);
    const acks = await gateway.until(() => {
      const answered = gateway.acks(device.serial, command.id);
      return answered.length === 2 ? answered : undefined;
    });
    expect(acks[0]).toEqual({ v: 1, id: command.id, ok: true });
    expect(acks[1]).toEqual(acks[0]);
    expect(gateway.events(device.serial, "cycle_started")).toHaveLength(1);
    expect(device.state.handledCommands).toEqual([command.id]);
  });

  it("refuses an expired command", async () => {
    const device = await connectedDevice();
    const command = {
      ...base(),
      expires_at: Math.floor(Date.now() / 1000) - 10,
      kind: "cashbox_reset",
    } satisfies DeviceCommand;
    expect(await send(device, command)).toEqual({ v: 1, id: command.id, ok: false, reason: "expired" });
    expect(device.state.handledCommands).toEqual([]);
  });

  it("refuses a remote start while busy, and while faulted", async () => {
    const device = await connectedDevice();
    expect(await send(device, remoteStart(30))).toMatchObject({ ok: true });
    expect(await send(device, remoteStart(30))).toMatchObject({ ok: false, reason: "busy" });

    const faulted = await connectedDevice();
    faulted.raiseFault("DOOR");
    await gateway.next(faulted.serial, "status", (status) => status.fault === "DOOR");
    expect(await send(faulted, remoteStart(1))).toMatchObject({ ok: false, reason: "fault" });
    faulted.clearFault();
    await gateway.next(faulted.serial, "status", (status) => status.fault === null && status.online);
    expect(await send(faulted, remoteStart(1))).toMatchObject({ ok: true });
  });

  it("receives commands and never answers when silent", async () => {
    const device = await connectedDevice();
    device.answer = "silent";
    const ignored = { ...base(), kind: "cashbox_audit" } satisfies DeviceCommand;
    await gateway.command(device.serial, ignored);
    await vi.waitFor(() => expect(device.stats.commandsReceived).toBe(1));
    device.answer = "normal";
    // Commands are handled in order, so once the next one is answered the silent one was passed over.
    const answered = { ...base(), kind: "cashbox_audit" } satisfies DeviceCommand;
    await send(device, answered);
    expect(gateway.acks(device.serial, ignored.id)).toEqual([]);
    expect(device.stats.commandsReceived).toBe(2);
  });
});

describe("desired shadow", () => {
  it("applies the params of each version once, also across reconnections", async () => {
    const device = await connectedDevice();
    await gateway.desire(device.serial, 1, { price: 700 });
    await device.waitFor((state) => state.desiredVersion === 1);
    await gateway.next(device.serial, "shadow/reported", (shadow) => shadow.params.price === 700);

    // The same version again, with other params, is not applied; the next version is.
    await gateway.desire(device.serial, 1, { price: 900 });
    await gateway.desire(device.serial, 2, { price: 750 });
    await device.waitFor((state) => state.desiredVersion === 2);
    expect(device.state.params.price).toBe(750);
    expect(gateway.list(device.serial, "shadow/reported").some((shadow) => shadow.params.price === 900)).toBe(false);

    // A reconnection receives the retained version 2 again: nothing changes.
    device.insertCoins(100);
    const before = device.state;
    await restart(device);
    expect(device.state.params).toEqual(before.params);
    expect(device.state.desiredVersion).toBe(2);
  });
});

describe("money", () => {
  const bangkokWash = (price: number, minutes: number) =>
    templateParams({ price, display_price: price + 10, estimated_minutes: minutes, extra_params: "", options: [] });

  it("starts on the price template the fleet file gives it and charges it; a template pushed later is charged from then on", async () => {
    serials++;
    const device = new SimulatedDevice(
      {
        serial: `SIM-${serials}`,
        secret: "s3cret",
        machineType: "washer",
        currency: "THB",
        coin: 10,
        params: bangkokWash(50, 40),
      },
      {
        brokerUrl: broker.url,
        // Cycles of a few tens of milliseconds, customers as fast; no faults or drops in the way.
        timeScale: 36_000,
        customerPace: 360_000,
        autonomous: true,
        random: seededRandom(4),
        lifeRates: { meanMinutesBetweenFaults: 1e9, meanMinutesBetweenDrops: 1e9 },
      },
    );
    devices.push(device);
    await device.connect();
    const shadow = await gateway.next(device.serial, "shadow/reported");
    expect(shadow.params).toMatchObject({ price_lo: 50, price_hi: 0, program_minutes: 40, water_temp: 40 });

    const cycles = () => gateway.events(device.serial, "cycle_started");
    await gateway.until(() => (cycles().length >= 3 ? true : undefined), 10_000, "three cycles");
    // ฿50 is 50 in THB's minor unit (whole baht), paid with ฿10 coins.
    expect(cycles().slice(0, 3)).toEqual(
      Array(3).fill(expect.objectContaining({ program: "normal", price: 50, minutes: 40 })),
    );
    expect(new Set(gateway.events(device.serial, "coin_inserted").map((coin) => coin.amount))).toEqual(new Set([10]));

    // The operator assigns another template: ฿60 for 45 minutes, as set_params and the desired shadow.
    const command = { ...base(), kind: "set_params", params: bangkokWash(60, 45) } satisfies DeviceCommand;
    expect(await send(device, command)).toEqual({ v: 1, id: command.id, ok: true });
    await gateway.until(
      () => (cycles().filter((cycle) => cycle.price === 60).length >= 2 ? true : undefined),
      10_000,
      "cycles at the new price",
    );
    const prices = cycles().map((cycle) => cycle.price);
    const first = prices.indexOf(60);
    expect(new Set(prices.slice(0, first))).toEqual(new Set([50]));
    expect(new Set(prices.slice(first))).toEqual(new Set([60]));
    expect(cycles().at(-1)).toMatchObject({ price: 60, minutes: 45 });
  });
});
