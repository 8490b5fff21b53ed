import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

const VENDOR_FIELDS = {
  real_name: "Example Person",
  id_number: "ID-EX-1",
  phone: "+60 3 1111 2222",
  home_page: "https://example.test",
  settlement_cycle_days: 7,
  fee_rate_coins: 0.1,
  fee_rate_no_coins: 0.2,
  currency: "MYR",
  language: "en",
  time_zone: "Asia/Kuala_Lumpur",
  coin_denomination: 100,
} as const;

/** A vendor of the Demo Group, through the API; answers its id. */
const vendor = async (kit: ExampleKit) =>
  (await kit.made(API.vendorAdmin.create, { ...VENDOR_FIELDS, name: kit.unique("Vendor ") }, "group_admin")).vendor_id;

/** Calls of the vendor-admin domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.vendorAdmin, {
  create: async (kit) => ({ body: { ...VENDOR_FIELDS, name: kit.unique("Vendor ") } }),
  modify: async (kit) => ({ body: { ...VENDOR_FIELDS, vendor_id: await vendor(kit), name: kit.unique("Renamed ") } }),
  remove: async (kit) => ({ body: { vendor_id: await vendor(kit) } }),
});
