import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** What a new shop of the Kuala Lumpur vendor needs. */
const newShop = (kit: ExampleKit) =>
  ({
    name: kit.unique("Shop "),
    address: "1 Example road",
    service_type: 1,
    mqtt_password: "example-secret",
    time_zone: "Asia/Bangkok",
  }) as const;

/** Calls of the shops domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.shops, {
  create: async (kit) => ({ body: newShop(kit) }),
  modify: async (kit) => {
    const { id } = await kit.made(API.shops.create, newShop(kit));
    return {
      body: {
        id,
        name: kit.unique("Renamed shop "),
        address: "2 Example road",
        service_type: 1,
        payment_id: "pay-1",
        time_zone: "Europe/Berlin",
      },
    };
  },
  remove: async (kit) => ({ body: { id: (await kit.made(API.shops.create, newShop(kit))).id } }),
});
