import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { API, type BodyOf, type RolloutItem } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { deviceShadows, devices } from "../devices/tables.js";
import { firmwareTargets } from "./tables.js";
import { newShop, waitFor } from "./test-fixtures.js";

/**
 * Firmware rollouts against simulated machines over the real broker: the chosen machines split into
 * waves from a canary, those on the version already refused and named, never a notice during a
 * wash, progress and the new version arriving, failures retried or not by their kind, the rollout
 * pausing itself past its error threshold; and the operator's moves. Another vendor's rollouts
 * answer not found.
 */

let server: TestServer;
let firmware: { url: string; size: number; sha256: string; requests: number; close(): Promise<void> };
let kl = "";
let bkk = "";
let klVendorId = 0;
let bkkVendorId = 0;
const machines = testMachines("OTA");
let machineCount = 0;

/** A firmware file on loopback, as a vendor's own download server would give it. */
async function firmwareFile(size = 64 * 1024) {
  const bytes = Buffer.alloc(size, 7);
  let requests = 0;
  const files = http.createServer((_request, response) => {
    requests += 1;
    response.writeHead(200, { "content-length": size }).end(bytes);
  });
  await new Promise<void>((resolve) => files.listen(0, "127.0.0.1", resolve));
  const { port } = files.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/washer.bin`,
    size,
    sha256: createHash("sha256").update(bytes).digest("hex"),
    get requests() {
      return requests;
    },
    close: () => new Promise<void>((resolve) => files.close(() => resolve())),
  };
}

const shop = (name: string, token = kl) => newShop(server, token, name);

async function firmwarePackage(version: string, more: Partial<BodyOf<typeof API.ota.createPackage>> = {}, token = kl) {
  const made = await server.send(
    API.ota.createPackage,
    {
      version,
      download_url: firmware.url,
      size: firmware.size,
      sha256: firmware.sha256,
      machine_types: ["washer"],
      ...more,
    },
    { token },
  );
  if (made.http !== 200) throw new Error(JSON.stringify(made.body));
  return made.body.result.id;
}

/** Machines of a shop, online, on version 2.0.0 unless said. */
async function onlineMachines(shopId: number, count: number, options: Parameters<typeof machines.provision>[3] = {}) {
  const made = [];
  const before = (await server.database.db.select({ id: devices.id }).from(devices).where(eq(devices.shopId, shopId)))
    .length;
  for (let i = 0; i < count; i++) {
    machineCount += 1;
    const machine = await machines.provision(server, { vendorId: klVendorId, shopId }, `M${machineCount}`, options);
    await machine.device.connect();
    made.push(machine);
  }
  // The gateway has their status (and version) before a rollout chooses them.
  await waitFor(async () => {
    const rows = await server.database.db
      .select({ firmware: deviceShadows.firmware, online: devices.online })
      .from(devices)
      .leftJoin(deviceShadows, eq(deviceShadows.deviceId, devices.id))
      .where(eq(devices.shopId, shopId));
    return rows.length === made.length + before && rows.every((r) => r.online && r.firmware !== "");
  }, "machines online with their version");
  return made;
}

const history = async (id: number, token = kl) => (await server.send(API.ota.rolloutHistory, { id }, { token })).body;
const rolloutNow = async (id: number) =>
  (await server.send(API.ota.rolloutHistory, { id }, { token: kl })).body.result.rollout;
const until = (id: number, done: (rollout: RolloutItem) => boolean, what: string, timeoutMs = 60_000) =>
  waitFor(async () => done(await rolloutNow(id)), what, timeoutMs);
const targetsOf = (rolloutId: number) =>
  server.database.db.select().from(firmwareTargets).where(eq(firmwareTargets.rolloutId, rolloutId));

beforeAll(async () => {
  firmware = await firmwareFile();
  // A machine offline is waited for 4 s here (a day by default).
  server = await startTestServer({ otaTickMs: 150, otaOfflineSkipMs: 4_000 });
  const vendors = await demoVendors(server.database);
  klVendorId = vendors.kl.id;
  bkkVendorId = vendors.bkk.id;
  kl = await server.login("vendor_admin");
  bkk = await server.login("vendor2_admin");
});
afterAll(async () => {
  await machines.stopAll();
  await server.close();
  await firmware.close();
});

describe("a rollout", () => {
  it("upgrades the chosen machines wave by wave from the canary shop, refusing and naming those on the version already", async () => {
    const canary = await shop("Canary shop");
    const rest = await shop("Second shop");
    const restMachines = await onlineMachines(rest, 3);
    const canaryMachines = await onlineMachines(canary, 1);
    const current = await onlineMachines(rest, 1, { firmware: "3.0.0" });
    const pkg = await firmwarePackage("3.0.0");
    const made = await server.send(
      API.ota.createRollout,
      { package_id: pkg, shop_ids: [canary, rest], first_wave_count: 1, growth_factor: 2, canary_shop_ids: [canary] },
      { token: kl },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    const rollout = made.body.result;
    expect(rollout).toMatchObject({ state: "running", waves: 3, counts: { total: 5, same_version: 1 } });

    await until(rollout.id, (r) => r.state === "completed", "the rollout completed");
    const done = await history(rollout.id);
    expect(done.result.rollout.counts).toMatchObject({ succeeded: 4, failed: 0, same_version: 1, in_progress: 0 });
    expect(done.result.waves.map((w) => [w.size, w.succeeded])).toEqual([
      [1, 1],
      [2, 2],
      [1, 1],
    ]);
    expect(done.result.events.map((e) => e.kind)).toEqual([
      "created",
      "wave_started",
      "wave_started",
      "wave_started",
      "completed",
    ]);
    // The canary shop's machine went first.
    const targets = await targetsOf(rollout.id);
    const firstWave = targets.filter((t) => t.wave === 0).map((t) => t.deviceId);
    expect(firstWave).toEqual(canaryMachines.map((m) => m.id));
    for (const machine of [...restMachines, ...canaryMachines]) expect(machine.device.state.firmware).toBe("3.0.0");
    const refused = targets.find((t) => t.deviceId === current[0]?.id);
    expect(refused).toMatchObject({ state: "refused_same_version", wave: null });
    const listed = await server.send(
      API.ota.rolloutDevices,
      { rollout_id: rollout.id, state: "refused_same_version" },
      { token: kl },
    );
    expect(listed.body.result.items).toMatchObject([{ device_id: current[0]?.id, from_version: "3.0.0" }]);
    expect(firmware.requests).toBeGreaterThanOrEqual(4);
  });

  it("never notifies a machine during a wash: it waits for idle and upgrades once the cycle has ended", async () => {
    const laundry = await shop("Busy shop");
    const [busy] = await onlineMachines(laundry, 1);
    if (!busy) throw new Error("no machine");
    busy.device.sell({ program: "long", price: 700, minutes: 40, payment: { method: "coins", pieces: [500, 200] } });
    await waitFor(async () => {
      const [row] = await server.database.db
        .select({ busy: deviceShadows.busy })
        .from(deviceShadows)
        .where(eq(deviceShadows.deviceId, busy.id));
      return row?.busy === true;
    }, "the machine busy");
    const pkg = await firmwarePackage("3.1.0");
    const made = await server.send(API.ota.upgradeDevice, { device_id: busy.id, package_id: pkg }, { token: kl });
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    await waitFor(async () => (await targetsOf(made.body.result.id))[0]?.state === "waiting_idle", "parked until idle");
    expect(busy.device.state.firmware).toBe("2.0.0");
    await until(made.body.result.id, (r) => r.state === "completed", "upgraded after the cycle", 120_000);
    expect(busy.device.state.firmware).toBe("3.1.0");
  });

  it("a damaged file fails for good (no retry) and pauses the rollout past its error threshold", async () => {
    const place = await shop("Damaged downloads");
    await onlineMachines(place, 3, { firmwareTrouble: { corrupt: 1 } });
    const pkg = await firmwarePackage("3.2.0");
    const made = await server.send(
      API.ota.createRollout,
      { package_id: pkg, shop_ids: [place], first_wave_percent: 100, error_threshold: 50, min_finished: 2 },
      { token: kl },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    await until(made.body.result.id, (r) => r.state === "paused_by_errors", "paused by errors");
    const targets = await targetsOf(made.body.result.id);
    const failed = targets.filter((t) => t.state === "failed");
    expect(failed.length).toBeGreaterThanOrEqual(2);
    for (const target of failed) expect(target).toMatchObject({ reason: "hash_mismatch", tries: 1 });
    const events = (await history(made.body.result.id)).result.events.map((e) => e.kind);
    expect(events).toContain("paused_by_errors");
  });

  it("a line that dies is a transient failure: the try counted, retried after a backoff", async () => {
    const place = await shop("Flaky line");
    const [flaky] = await onlineMachines(place, 1, { firmwareTrouble: { interrupted: 1 } });
    if (!flaky) throw new Error("no machine");
    const pkg = await firmwarePackage("3.3.0");
    const made = await server.send(API.ota.upgradeDevice, { device_id: flaky.id, package_id: pkg }, { token: kl });
    await waitFor(
      async () => (await targetsOf(made.body.result.id))[0]?.reason === "download_interrupted",
      "the first try failed",
    );
    const [target] = await targetsOf(made.body.result.id);
    expect(target).toMatchObject({ state: "retrying", tries: 1 });
    expect(target?.nextTryAt?.getTime()).toBeGreaterThan(Date.now());
  });

  it("with one try allowed, a dying line fails for good: the operator's tries per machine hold", async () => {
    const place = await shop("One try");
    const [flaky] = await onlineMachines(place, 1, { firmwareTrouble: { interrupted: 1 } });
    if (!flaky) throw new Error("no machine");
    const pkg = await firmwarePackage("3.4.0");
    const made = await server.send(
      API.ota.createRollout,
      { package_id: pkg, device_ids: [flaky.id], first_wave_count: 1, max_tries: 1 },
      { token: kl },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    await waitFor(async () => (await targetsOf(made.body.result.id))[0]?.state === "failed", "failed for good");
    const [target] = await targetsOf(made.body.result.id);
    expect(target).toMatchObject({ reason: "download_interrupted", tries: 1, nextTryAt: null });
  });
});

describe("a machine that stays away", () => {
  it("is skipped once offline longer than the rollout waits, so its wave completes; retried, it upgrades when back", async () => {
    const place = await shop("Away shop");
    const [present, away] = await onlineMachines(place, 2);
    if (!present || !away) throw new Error("no machines");
    await away.device.disconnect();
    await waitFor(async () => {
      const [row] = await server.database.db.select().from(devices).where(eq(devices.id, away.id));
      return row?.online === false;
    }, "the machine offline");
    const pkg = await firmwarePackage("3.5.0");
    const made = await server.send(
      API.ota.createRollout,
      { package_id: pkg, device_ids: [present.id, away.id], first_wave_count: 2 },
      { token: kl },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    const id = made.body.result.id;
    await until(id, (r) => r.state === "completed", "the rollout completed without the machine away");
    expect((await rolloutNow(id)).counts).toMatchObject({ succeeded: 1, failed: 0, offline_skipped: 1 });
    const skipped = (await targetsOf(id)).find((t) => t.deviceId === away.id);
    expect(skipped).toMatchObject({ state: "offline_skipped", reason: "offline", tries: 0 });

    const retried = await server.send(API.ota.retryFailed, { id }, { token: kl });
    expect(retried.http, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body.result).toMatchObject({ state: "running", counts: { offline_skipped: 0 } });
    await away.device.connect();
    await until(id, (r) => r.state === "completed" && r.counts.succeeded === 2, "the machine back and upgraded");
    expect(away.device.state.firmware).toBe("3.5.0");
  }, 90_000);
});

describe("choosing the machines", () => {
  it("refuses a machine on the version already (same-version upgrade refused), one the package does not fit, and one in another live rollout", async () => {
    const place = await shop("Refusals");
    const [same] = await onlineMachines(place, 1, { firmware: "4.0.0" });
    const [dryer] = await onlineMachines(place, 1, { machineType: "dryer" });
    const [free] = await onlineMachines(place, 1);
    if (!same || !dryer || !free) throw new Error("no machines");
    const pkg = await firmwarePackage("4.0.0");
    const sameVersion = await server.send(
      API.ota.upgradeDevice,
      { device_id: same.id, package_id: pkg },
      { token: kl },
    );
    expect(sameVersion.body).toMatchObject({ code: "SAME_VERSION" });
    const unfit = await server.send(API.ota.upgradeDevice, { device_id: dryer.id, package_id: pkg }, { token: kl });
    expect(unfit.body).toMatchObject({ code: "FIRMWARE_NOT_COMPATIBLE" });

    const first = await server.send(API.ota.upgradeDevice, { device_id: free.id, package_id: pkg }, { token: kl });
    expect(first.http).toBe(200);
    await server.send(API.ota.pauseRollout, { id: first.body.result.id }, { token: kl });
    const other = await firmwarePackage("4.0.1");
    const second = await server.send(API.ota.upgradeDevice, { device_id: free.id, package_id: other }, { token: kl });
    expect(second.body).toMatchObject({ code: "DEVICE_IN_ROLLOUT" });
    // Aborted, it is free again.
    await server.send(API.ota.abortRollout, { id: first.body.result.id }, { token: kl });
    const third = await server.send(API.ota.upgradeDevice, { device_id: free.id, package_id: other }, { token: kl });
    expect(third.http).toBe(200);
  });

  it("ten rollouts started at once for one machine: exactly one takes it, the others answer DEVICE_IN_ROLLOUT (the database decides)", async () => {
    const place = await shop("Race");
    const [machine] = await onlineMachines(place, 1);
    if (!machine) throw new Error("no machine");
    const packages = [];
    for (let i = 0; i < 10; i++) packages.push(await firmwarePackage(`8.0.${i}`));
    const answers = await Promise.all(
      packages.map((pkg) =>
        server.send(API.ota.upgradeDevice, { device_id: machine.id, package_id: pkg }, { token: kl }),
      ),
    );
    expect(answers.filter((a) => a.http === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === "DEVICE_IN_ROLLOUT")).toHaveLength(9);
    const live = await server.database.db
      .select()
      .from(firmwareTargets)
      .where(eq(firmwareTargets.deviceId, machine.id));
    expect(live).toHaveLength(1);
  });

  it("asks for a first wave by count or percent, not both, and quiet hours with both ends", async () => {
    const place = await shop("Plans");
    const pkg = await firmwarePackage("5.0.0");
    const both = await server.sendRaw(
      API.ota.createRollout,
      { package_id: pkg, shop_ids: [place], first_wave_count: 1, first_wave_percent: 10 },
      { token: kl },
    );
    expect(both.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.firstWave" });
    const halfWindow = await server.sendRaw(
      API.ota.createRollout,
      { package_id: pkg, shop_ids: [place], first_wave_count: 1, window_start: 120 },
      { token: kl },
    );
    expect(halfWindow.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.windowBoth" });
    const none = await server.send(
      API.ota.createRollout,
      { package_id: pkg, shop_ids: [place], first_wave_count: 1 },
      { token: kl },
    );
    expect(none.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "device_ids",
      message_key: "validation.noDevices",
    });
  });
});

describe("the operator's moves and another vendor", () => {
  it("pauses, resumes and aborts by the rules; a package in a live rollout is not edited, one with rollouts not removed", async () => {
    const place = await shop("Moves");
    const [machine] = await onlineMachines(place, 1);
    if (!machine) throw new Error("no machine");
    const pkg = await firmwarePackage("6.0.0");
    const made = await server.send(API.ota.upgradeDevice, { device_id: machine.id, package_id: pkg }, { token: kl });
    const id = made.body.result.id;
    expect((await server.send(API.ota.pauseRollout, { id }, { token: kl })).body.result.state).toBe("paused");
    expect((await server.send(API.ota.pauseRollout, { id }, { token: kl })).body).toMatchObject({
      code: "ROLLOUT_STATE",
    });
    const edit = await server.send(
      API.ota.modifyPackage,
      { id: pkg, version: "6.0.9", download_url: firmware.url, machine_types: ["washer"] },
      { token: kl },
    );
    expect(edit.body).toMatchObject({ code: "HAS_DEPENDENTS", message_key: "ota.packageInRollout" });
    expect((await server.send(API.ota.resumeRollout, { id }, { token: kl })).body.result.state).toBe("running");
    expect((await server.send(API.ota.abortRollout, { id }, { token: kl })).body.result.state).toBe("aborted");
    expect((await server.send(API.ota.resumeRollout, { id }, { token: kl })).body).toMatchObject({
      code: "ROLLOUT_STATE",
    });
    const remove = await server.send(API.ota.removePackage, { id: pkg }, { token: kl });
    expect(remove.body).toMatchObject({ code: "HAS_DEPENDENTS", message_key: "ota.packageHasRollouts" });
    const events = (await history(id)).result.events.map((e) => e.kind);
    expect(events).toEqual(expect.arrayContaining(["created", "paused", "resumed", "aborted"]));
  });

  it("another vendor's rollouts, their machines and packages answer not found, and are in no list", async () => {
    const place = await shop("Private");
    const [machine] = await onlineMachines(place, 1);
    if (!machine) throw new Error("no machine");
    const pkg = await firmwarePackage("7.0.0");
    const made = await server.send(API.ota.upgradeDevice, { device_id: machine.id, package_id: pkg }, { token: kl });
    const id = made.body.result.id;
    expect((await history(id, bkk)).code).toBe("NOT_FOUND");
    const theirDevices = await server.send(API.ota.rolloutDevices, { rollout_id: id }, { token: bkk });
    expect(theirDevices.body).toMatchObject({ code: "NOT_FOUND" });
    for (const move of [API.ota.pauseRollout, API.ota.abortRollout, API.ota.retryFailed]) {
      expect((await server.send(move, { id }, { token: bkk })).body).toMatchObject({ code: "NOT_FOUND" });
    }
    const list = await server.send(API.ota.rollouts, {}, { token: bkk });
    expect(list.body.result.items.map((r) => r.id)).not.toContain(id);
    // Bangkok cannot roll its package out to a Kuala Lumpur machine, nor a Kuala Lumpur package anywhere.
    const theirPackage = await firmwarePackage("7.0.0", {}, bkk);
    const foreignMachine = await server.send(
      API.ota.upgradeDevice,
      { device_id: machine.id, package_id: theirPackage },
      { token: bkk },
    );
    expect(foreignMachine.body).toMatchObject({ code: "NOT_FOUND" });
    const foreignPackage = await server.send(
      API.ota.createRollout,
      { package_id: pkg, shop_ids: [], first_wave_count: 1 },
      { token: bkk },
    );
    expect(foreignPackage.body).toMatchObject({ code: "NOT_FOUND", field: "package_id" });
    expect(bkkVendorId).not.toBe(klVendorId);
  });
});
