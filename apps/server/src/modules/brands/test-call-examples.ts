import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

const BRAND_FIELDS = {
  longitude: 101.7,
  latitude: 3.1,
  service_time: "08:00-22:00",
  country: "Malaysia",
  province: "Selangor",
  city: "Kuala Lumpur",
  address: "1 Jalan Ampang",
  contact_phone: "+60 3 0000 0000",
};

/** A brand of the Demo Group, through the API; answers its id. */
const brand = async (kit: ExampleKit) =>
  (await kit.made(API.brands.create, { name: kit.unique("Brand "), ...BRAND_FIELDS }, "group_admin")).id;

/** Calls of the brands domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.brands, {
  create: async (kit) => ({ body: { name: kit.unique("Brand "), ...BRAND_FIELDS } }),
  modify: async (kit) => ({ body: { id: await brand(kit), name: kit.unique("Renamed brand "), ...BRAND_FIELDS } }),
  setStatus: async (kit) => ({ body: { id: await brand(kit), status: 0 }, as: "group_sub" }),
  remove: async (kit) => ({ body: { id: await brand(kit) } }),
});
