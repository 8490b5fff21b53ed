import { API } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";
import { upload } from "../uploads/test-helpers.js";
import { firmwareTargets } from "./tables.js";

/** What a new firmware package of the Kuala Lumpur vendor needs. */
const newPackage = (kit: ExampleKit) => ({
  version: kit.unique("v"),
  download_url: "https://firmware.example.com/washer.bin",
  machine_types: ["washer" as const],
});
const made = async (kit: ExampleKit) => (await kit.made(API.ota.createPackage, newPackage(kit))).id;

/** A rollout of a new package to a new Kuala Lumpur washer (its first and only wave). */
const newRollout = async (kit: ExampleKit) => ({
  package_id: await made(kit),
  device_ids: [(await kit.machine()).deviceId],
  first_wave_count: 1,
});
const rollout = async (kit: ExampleKit) => (await kit.made(API.ota.createRollout, await newRollout(kit))).id;

/** Calls of the OTA domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.ota, {
  // A multipart form, not JSON: it makes itself.
  uploadFirmware: async (kit) => {
    const token = await kit.server.login("vendor_admin");
    const file = { name: "washer.bin", type: "application/octet-stream", bytes: Buffer.from(kit.unique("firmware")) };
    return {
      body: {},
      as: "vendor_admin",
      send: (ip) => upload(kit.server, token, file, { ip, url: API.ota.uploadFirmware.path }),
    };
  },
  createPackage: async (kit) => ({ body: newPackage(kit) }),
  modifyPackage: async (kit) => ({ body: { ...newPackage(kit), id: await made(kit), note: "Fixes the door lock" } }),
  removePackage: async (kit) => ({ body: { id: await made(kit) } }),
  createRollout: async (kit) => ({ body: await newRollout(kit) }),
  upgradeDevice: async (kit) => ({
    body: { device_id: (await kit.machine()).deviceId, package_id: await made(kit) },
  }),
  pauseRollout: async (kit) => ({ body: { id: await rollout(kit) } }),
  resumeRollout: async (kit) => {
    const id = await rollout(kit);
    await kit.made(API.ota.pauseRollout, { id });
    return { body: { id } };
  },
  abortRollout: async (kit) => ({ body: { id: await rollout(kit) } }),
  retryFailed: async (kit) => {
    const id = await rollout(kit);
    // A machine whose update failed for good: what the scheduler writes after a hash mismatch.
    await kit.server.database.db
      .update(firmwareTargets)
      .set({ state: "failed", reason: "hash_mismatch" })
      .where(eq(firmwareTargets.rolloutId, id));
    return { body: { id } };
  },
});
