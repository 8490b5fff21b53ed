import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";
import { setPublicAddress } from "../system-config/public.js";
import { setPricePerYear } from "./settings.js";

/** A renewal order of a new Kuala Lumpur machine for a year, at a price the platform set (MYR). */
async function newOrder(kit: ExampleKit) {
  await setPricePerYear(kit.server.database.db, "MYR", 12_000);
  return { device_ids: [(await kit.machine()).deviceId], years: 1 };
}

/**
 * Calls of the subscriptions domain that succeed, for the tests generated from the registry. Paying
 * needs the platform's PayPal account: the operation-log test points the server at a fake PayPal.
 */
export const examples = callExamples(API.subscriptions, {
  createOrder: async (kit) => ({ body: await newOrder(kit) }),
  payWithPayPal: async (kit) => {
    // PayPal sends the operator back to the install's public address.
    await setPublicAddress(kit.server.database.db, "https://wash.example.org");
    return { body: { id: (await kit.made(API.subscriptions.createOrder, await newOrder(kit))).id } };
  },
});
