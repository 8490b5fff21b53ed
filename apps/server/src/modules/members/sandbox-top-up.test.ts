import { randomBytes } from "node:crypto";
import { API, formatMoney, sandboxTopUpMax } from "@washboard/shared";
import { afterAll, beforeAll, expect, it } from "vitest";
import { demoVendors, testShop } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { switchOn } from "../orders/test-orders.js";
import { payQrCodes } from "../payqr/tables.js";

/**
 * Issue 23, defect 5: the sandbox moves no money, yet a member topped up THB 1,000,000 through it with
 * one call. A sandbox top-up is now capped at about USD 500 in the vendor's currency.
 */
let server: TestServer;
const run = randomBytes(3).toString("hex");
const places: Record<"MYR" | "THB", string> = { MYR: "", THB: "" };

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  const { kl, bkk } = await demoVendors(server.database);
  for (const [currency, vendorId] of [
    ["MYR", kl.id],
    ["THB", bkk.id],
  ] as const) {
    const shopId = await testShop(server.database, vendorId, `Sandbox cap ${currency} ${run}`);
    const code = `cap${currency.toLowerCase()}${run}`;
    await db.insert(payQrCodes).values({ vendorId, code, name: `Sandbox cap ${run}`, shopId });
    await switchOn(db, vendorId, "sandbox");
    places[currency] = code;
  }
});
afterAll(() => server.close());

const phone = () => `60${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

it("caps a top-up through the sandbox at about USD 500 in the vendor's currency, with a clear refusal", async () => {
  expect([sandboxTopUpMax("MYR"), sandboxTopUpMax("THB")]).toEqual([500_000, 20_000]);
  for (const currency of ["MYR", "THB"] as const) {
    // Registering gives no session: the app signs in next.
    const customer = { place: { code: places[currency] }, phone: phone(), pin: "4321" };
    await server.send(API.members.appRegister, customer);
    const registered = await server.send(API.members.appSignIn, customer);
    expect(registered.http, JSON.stringify(registered.body)).toBe(200);
    const member = { headers: { authorization: `Bearer ${registered.body.result.member_token}` } };
    const max = sandboxTopUpMax(currency);
    const topUp = (amount: number, n: number) =>
      server.send(
        API.members.appTopUp,
        { amount, provider: "sandbox", request_id: `cap-${run}-${currency}-${n}` },
        member,
      );

    const atCap = await topUp(max, 1);
    expect(atCap.body.result, currency).toMatchObject({ balance: max, currency });
    for (const [n, amount] of [
      [2, max + 1],
      [3, currency === "THB" ? 1_000_000 : 100_000_000],
    ] as const) {
      const refused = await topUp(amount, n);
      expect(refused.http, currency).toBe(409);
      expect(refused.body, currency).toMatchObject({
        code: "SANDBOX_TOP_UP_LIMIT",
        field: "amount",
        message: `A top-up through the demo sandbox is at most ${formatMoney(max, currency)}`,
      });
    }
    // Nothing was credited by the refused calls.
    expect((await server.send(API.members.appWallet, {}, member)).body.result.balance, currency).toBe(max);
  }
});
