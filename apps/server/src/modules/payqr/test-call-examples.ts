import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A payment QR code of the Kuala Lumpur vendor bound to a new machine, through the API; answers its id. */
async function payQr(kit: ExampleKit): Promise<number> {
  const { shopId, deviceId } = await kit.machine();
  const body = { name: kit.unique("Code "), bind_mode: 2, shop_id: shopId, device_id: deviceId } as const;
  return (await kit.made(API.payqr.create, body)).id;
}

/** Calls of the payqr domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.payqr, {
  create: async (kit) => {
    const { shopId, deviceId } = await kit.machine();
    return { body: { name: kit.unique("Code "), bind_mode: 2, shop_id: shopId, device_id: deviceId } };
  },
  update: async (kit) => ({ body: { id: await payQr(kit), name: kit.unique("Renamed code ") } }),
  bindMode: async (kit) => {
    const id = await payQr(kit);
    const { shopId, deviceId } = await kit.machine();
    return { body: { id, bind_mode: 2, shop_id: shopId, device_id: deviceId } };
  },
  remove: async (kit) => ({ body: { id: await payQr(kit) } }),
});
