import { createHash } from "node:crypto";
import { API, FIRMWARE_DOWNLOAD_PATH } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox, loadSecretKey } from "../../platform/secrets/secret-box.js";
import { demoVendors } from "../../test/fixtures.js";
import { freePort, startTestServer, type TestServer } from "../../test/harness.js";
import { testMachines } from "../../test/machines.js";
import { devices } from "../devices/tables.js";
import { upload } from "../uploads/test-helpers.js";
import { downloadKey, signDownload } from "./download-token.js";
import { firmwareTargets } from "./tables.js";
import { newShop, waitFor } from "./test-fixtures.js";

/**
 * Uploaded firmware: stored with its size and SHA-256, a package that uses it, and the download
 * route the machines of a live rollout fetch it from (each by its own signed, expiring address, by
 * range so an interrupted download resumes). Everything else that asks is not found.
 */

let server: TestServer;
let base = "";
let kl = "";
let bkk = "";
let klVendorId = 0;
let bkkVendorId = 0;
let key: Buffer;
const machines = testMachines("DL");
const FILE = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) % 251));
const FILE_SHA = createHash("sha256").update(FILE).digest("hex");

async function uploadFirmware(bytes: Buffer, token = kl) {
  const file = { name: "washer.bin", type: "application/octet-stream", bytes };
  return upload(server, token, file, { url: API.ota.uploadFirmware.path });
}

const shop = (name: string, token = kl) => newShop(server, token, name);

async function uploadedPackage(version: string) {
  const uploaded = await uploadFirmware(FILE);
  const made = await server.send(
    API.ota.createPackage,
    { version, file_key: uploaded.body.result.file_key, machine_types: ["washer"] },
    { token: kl },
  );
  if (made.http !== 200) throw new Error(JSON.stringify(made.body));
  return made.body.result;
}

const fetchFile = (token: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${FIRMWARE_DOWNLOAD_PATH}/${token}`, { headers });
const tokenFor = (packageId: number, serial: string, expiresAt = Math.floor(Date.now() / 1000) + 600) =>
  signDownload(key, { packageId, serial, expiresAt });

async function metric(name: string): Promise<number> {
  const found = await server.app.metrics.registry.getSingleMetric(name)?.get();
  return found?.values.reduce((sum, v) => sum + v.value, 0) ?? 0;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startTestServer({ otaTickMs: 150, firmwareBaseUrl: base });
  await server.app.listen({ port, host: "127.0.0.1" });
  key = downloadKey(createSecretBox(loadSecretKey(server.config.secretKey, server.config.dataDir)));
  const vendors = await demoVendors(server.database);
  klVendorId = vendors.kl.id;
  bkkVendorId = vendors.bkk.id;
  kl = await server.login("vendor_admin");
  bkk = await server.login("vendor2_admin");
});

afterAll(async () => {
  await machines.stopAll();
  await server.close();
});

describe("an uploaded firmware file", () => {
  it("is stored with its size and SHA-256, and a package made from it takes them from the file", async () => {
    const uploaded = await uploadFirmware(FILE);
    expect(uploaded.http, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.body.result).toEqual({ file_key: `${FILE_SHA}.fw`, size: FILE.length, sha256: FILE_SHA });
    const made = await server.send(
      API.ota.createPackage,
      { version: "5.0.0", file_key: `${FILE_SHA}.fw`, size: 1, sha256: "", machine_types: ["washer"] },
      { token: kl },
    );
    expect(made.body.result).toMatchObject({
      download_url: "",
      file_key: `${FILE_SHA}.fw`,
      size: FILE.length,
      sha256: FILE_SHA,
    });
  });

  it("a package needs a link or a file, one of the two; another vendor's file is not one it may use", async () => {
    const neither = await server.sendRaw(
      API.ota.createPackage,
      { version: "5.0.1", machine_types: ["washer"] },
      { token: kl },
    );
    expect(neither.body).toMatchObject({
      status: 400,
      field: "download_url",
      message_key: "validation.downloadOrFile",
    });
    const both = await server.sendRaw(
      API.ota.createPackage,
      {
        version: "5.0.1",
        download_url: "https://example.com/a.bin",
        file_key: `${FILE_SHA}.fw`,
        machine_types: ["washer"],
      },
      { token: kl },
    );
    expect(both.body).toMatchObject({ field: "download_url", message_key: "validation.downloadOrFile" });
    // Bangkok never uploaded this file: knowing its hash is not enough.
    const theirs = await server.sendRaw(
      API.ota.createPackage,
      { version: "5.0.1", file_key: `${FILE_SHA}.fw`, machine_types: ["washer"] },
      { token: bkk },
    );
    expect(theirs.body).toMatchObject({ status: 400, field: "file_key" });
    const empty = await uploadFirmware(Buffer.alloc(0));
    expect(empty.body).toMatchObject({ field: "file", message_key: "validation.required" });
  });
});

describe("the download route", () => {
  it("serves a machine of a live rollout its file, whole or by range; anyone else is not found", async () => {
    const place = await shop("Download shop");
    const pkg = await uploadedPackage("5.1.0");
    // A machine that is not connected: its target stays queued, a live one.
    const waiting = await machines.provision(server, { vendorId: klVendorId, shopId: place }, "Waiting");
    const idle = await machines.provision(server, { vendorId: klVendorId, shopId: place }, "Idle");
    const made = await server.send(
      API.ota.createRollout,
      { package_id: pkg.id, device_ids: [waiting.id], first_wave_count: 1 },
      { token: kl },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);

    const whole = await fetchFile(tokenFor(pkg.id, waiting.serial));
    expect(whole.status).toBe(200);
    expect(whole.headers.get("etag")).toBe(`"${FILE_SHA}"`);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(Buffer.from(await whole.arrayBuffer()).equals(FILE)).toBe(true);

    const rest = await fetchFile(tokenFor(pkg.id, waiting.serial), { range: "bytes=150000-" });
    expect(rest.status).toBe(206);
    expect(rest.headers.get("content-range")).toBe(`bytes 150000-${FILE.length - 1}/${FILE.length}`);
    expect(Buffer.from(await rest.arrayBuffer()).equals(FILE.subarray(150_000))).toBe(true);
    const past = await fetchFile(tokenFor(pkg.id, waiting.serial), { range: `bytes=${FILE.length}-` });
    expect(past.status).toBe(416);
    const changed = await fetchFile(tokenFor(pkg.id, waiting.serial), { range: "bytes=10-", "if-range": '"other"' });
    expect(changed.status).toBe(200);

    const theirs = await machines.provision(
      server,
      { vendorId: bkkVendorId, shopId: await shop("Theirs", bkk) },
      "Theirs",
    );
    const refusals = [
      tokenFor(pkg.id, idle.serial), // the vendor's machine, in no rollout of the package
      tokenFor(pkg.id, theirs.serial), // another vendor's machine
      tokenFor(pkg.id, waiting.serial, Math.floor(Date.now() / 1000) - 1), // expired
      `${tokenFor(pkg.id, waiting.serial)}x`, // tampered
      signDownload(Buffer.alloc(32, 1), { packageId: pkg.id, serial: waiting.serial, expiresAt: 2e9 }), // not ours
    ];
    for (const token of refusals) {
      const answer = await fetchFile(token);
      expect(answer.status, token).toBe(404);
      expect(await answer.json()).toMatchObject({ code: "NOT_FOUND" });
    }

    // Once the rollout is over, its address is dead too.
    await server.send(API.ota.abortRollout, { id: made.body.result.id }, { token: kl });
    expect((await fetchFile(tokenFor(pkg.id, waiting.serial))).status).toBe(404);
  });

  it("upgrades machines from the server's own copy: each its own address, an interrupted download resumed by range", async () => {
    const place = await shop("Upload rollout shop");
    const pkg = await uploadedPackage("5.2.0");
    const steady = await machines.provision(server, { vendorId: klVendorId, shopId: place }, "Steady");
    const flaky = await machines.provision(server, { vendorId: klVendorId, shopId: place }, "Flaky", {
      firmwareTrouble: { resumed: 1 },
    });
    for (const machine of [steady, flaky]) await machine.device.connect();
    await waitFor(async () => {
      const rows = await server.database.db.select().from(devices).where(eq(devices.shopId, place));
      return rows.length === 2 && rows.every((row) => row.online);
    }, "machines online");
    const bytesBefore = await metric("washboard_firmware_bytes_served_total");
    const resumedBefore = await metric("washboard_firmware_downloads_resumed_total");
    const made = await server.send(
      API.ota.createRollout,
      { package_id: pkg.id, device_ids: [steady.id, flaky.id], first_wave_count: 2 },
      { token: kl },
    );
    expect(made.http, JSON.stringify(made.body)).toBe(200);
    await waitFor(
      async () => {
        const targets = await server.database.db
          .select()
          .from(firmwareTargets)
          .where(eq(firmwareTargets.rolloutId, made.body.result.id));
        return targets.every((t) => t.state === "succeeded");
      },
      "both machines upgraded",
      60_000,
    );
    expect(steady.device.state.firmware).toBe("5.2.0");
    expect(flaky.device.state.firmware).toBe("5.2.0");
    expect(await metric("washboard_firmware_downloads_resumed_total")).toBe(resumedBefore + 1);
    // The steady one whole, the flaky one half and then the rest: two files' worth, give or take a chunk.
    const served = (await metric("washboard_firmware_bytes_served_total")) - bytesBefore;
    expect(served).toBeGreaterThanOrEqual(2 * FILE.length);
    expect(served).toBeLessThan(3 * FILE.length);
  }, 90_000);
});
