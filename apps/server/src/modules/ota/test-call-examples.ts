import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** What a new firmware package of the Kuala Lumpur vendor needs. */
const newPackage = (kit: ExampleKit) => ({
  version: kit.unique("v"),
  download_url: "https://firmware.example.com/washer.bin",
  machine_types: ["washer" as const],
});
const made = async (kit: ExampleKit) => (await kit.made(API.ota.createPackage, newPackage(kit))).id;

/** Calls of the OTA domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.ota, {
  createPackage: async (kit) => ({ body: newPackage(kit) }),
  modifyPackage: async (kit) => ({ body: { ...newPackage(kit), id: await made(kit), note: "Fixes the door lock" } }),
  removePackage: async (kit) => ({ body: { id: await made(kit) } }),
});
