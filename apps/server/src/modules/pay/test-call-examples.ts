import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A payment waiting at a payable Kuala Lumpur machine. */
async function waitingOrder(kit: ExampleKit) {
  const { deviceId } = await kit.payableMachine();
  return kit.order("sandbox", { paid: false, deviceId });
}

/** Calls of the customer's pay page that succeed (public: the row has no account), for the tests generated from the registry. */
export const examples = callExamples(API.pay, {
  create: async (kit) => {
    const { deviceId, serial } = await kit.payableMachine();
    return { body: { place: { serial }, device_id: deviceId, option: "", provider: "sandbox" } };
  },
  cancel: async (kit) => ({ body: { order_no: (await waitingOrder(kit)).orderNo } }),
  sandboxPay: async (kit) => ({ body: { order_no: (await waitingOrder(kit)).orderNo } }),
});
