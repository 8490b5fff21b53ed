import { API, ORDER_PROVIDERS, PAYMENT_PROVIDERS, providerFields, providerTakes } from "@washboard/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";

/**
 * Switching providers on in parallel loses none of the switches: each is one array update of the
 * vendor's row, never the list read before and written back after.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Every field a provider needs filled to be switched on. */
const filled = (provider: (typeof PAYMENT_PROVIDERS)[number]["id"]) =>
  Object.fromEntries(providerFields(provider).map((field) => [field.name, `${field.name}-value`]));

const current = () => server.send(API.tenancy.current, {}, { as: "vendor_admin" });

/** The demo vendor (Kuala Lumpur) is in ringgit: QRIS takes rupiah only, so it stays off. */
const TAKES_MYR = PAYMENT_PROVIDERS.filter((p) => !("money" in p) || providerTakes(p.id, "MYR"));

describe("payment provider switches under parallel changes", () => {
  it(`leaves every provider that takes the vendor's currency on after ${PAYMENT_PROVIDERS.length} parallel calls, with their flags`, async () => {
    const answers = await Promise.all(
      PAYMENT_PROVIDERS.map((p) =>
        server.send(
          API.vendorProfile.modifyPaymentInfo,
          { provider: p.id, enabled: true, fields: filled(p.id) },
          { as: "vendor_admin" },
        ),
      ),
    );
    expect(answers.map((a) => a.body.code ?? a.http)).toEqual(
      PAYMENT_PROVIDERS.map((p) => (TAKES_MYR.includes(p) ? 200 : "PROVIDER_CURRENCY")),
    );
    expect(TAKES_MYR.length).toBeGreaterThan(PAYMENT_PROVIDERS.length - 3);
    const info = await server.send(API.vendorProfile.paymentInfo, {}, { as: "vendor_admin" });
    expect(info.body.result.providers.filter((p) => !p.enabled).map((p) => p.provider)).toEqual(["qris"]);
    const flags = (await current()).body.result as unknown as Record<string, boolean>;
    for (const p of ORDER_PROVIDERS) expect(flags[p.orders.flag], p.orders.flag).toBe(p.id !== "qris");
  });

  it("ends a parallel on and off of one provider in one of the two states, its flag agreeing", async () => {
    for (let round = 0; round < 10; round++) {
      await Promise.all(
        [true, false].map((enabled) =>
          server.send(
            API.vendorProfile.modifyPaymentInfo,
            { provider: "stripe", enabled, fields: filled("stripe") },
            { as: "vendor_admin" },
          ),
        ),
      );
      const [info, vendor] = await Promise.all([
        server.send(API.vendorProfile.paymentInfo, { provider: "stripe" }, { as: "vendor_admin" }),
        current(),
      ]);
      const enabled = info.body.result.providers[0]?.enabled;
      expect(typeof enabled).toBe("boolean");
      expect(vendor.body.result.has_stripe, `round ${round}`).toBe(enabled);
    }
  });
});
