import { bluetoothKeyOfSecret, sealAck } from "@washboard/device-protocol";
import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";

/**
 * Calls of the devices domain that succeed, for the tests generated from the registry. The machines
 * are offline: a restart waits for them and a remote start fails at once, but either way the call
 * itself succeeded.
 */
export const examples = callExamples(API.devices, {
  reboot: async (kit) => ({ body: { device_ids: [(await kit.machine()).deviceId] } }),
  remoteStart: async (kit) => ({
    body: { device_ids: [(await kit.machine()).deviceId], start_type: "free_start", program: "Quick", price: 0 },
  }),
  coinCollection: async (kit) => ({ body: { shop_id: (await kit.machine()).shopId, action: "audit" } }),
  updateShadow: async (kit) => ({ body: { device_ids: [(await kit.machine()).deviceId], params: { price: 500 } } }),
  bindShop: async (kit) => {
    const { deviceId, shopId } = await kit.machine();
    return { body: { device_id: deviceId, shop_id: shopId } };
  },
  unbind: async (kit) => ({ body: { device_id: (await kit.machine()).deviceId }, as: "group_admin" }),
  claim: async (kit) => {
    const made = await kit.provisioned({ klVendor: false });
    return { body: { serial_number: made.serial, claim_code: made.claimCode } };
  },
  bluetoothTicket: async (kit) => ({
    body: { serial_number: (await kit.provisioned({ klVendor: true })).serial, program: "Dry", price: 0 },
  }),
  bluetoothAnswer: async (kit) => {
    const made = await kit.provisioned({ klVendor: true });
    const ticket = { serial_number: made.serial, program: "Dry", price: 0 };
    const { id } = (await kit.made(API.devices.bluetoothTicket, ticket)).command;
    const frame = await sealAck(await bluetoothKeyOfSecret(made.secret), { v: 1, id, ok: true });
    return { body: { command_id: id, frame } };
  },
  setMoneyLimits: async () => ({ body: { max_cycle_amount: 50_000, max_top_up_amount: null } }),
});
