import {
  API,
  SUBSCRIPTION_PAYPAL_RETURN_PATH,
  SUBSCRIPTION_PAYPAL_WEBHOOK_PATH,
  type SubscriptionOrderDetails,
} from "@washboard/shared";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { devices } from "../devices/tables.js";
import { type PayPalFake, startPayPalFake } from "../orders/providers/fakes/paypal-fake.js";
import { adapterOf } from "../orders/public.js";
import { setPublicAddress } from "../system-config/public.js";
import { renewedUntil } from "./renewal.js";
import { setPricePerYear } from "./settings.js";
import { subscriptionOrders, subscriptionPrices } from "./tables.js";

/**
 * Renewals as a vendor makes them (docs/subscriptions-design.md): machines by state, an order priced in
 * the vendor's currency, paid through a fake PayPal that speaks Orders v2, the machines extended exactly
 * once whether the capture comes back by the operator's return, by webhooks, or all at once; another
 * vendor's machines and orders unseen; and the console's remote control refused past the grace period.
 */

const DAY = 86_400_000;
const PUBLIC = "https://wash.example.org";

let server: TestServer;
let paypal: PayPalFake;
let klVendorId = 0;
let bkkVendorId = 0;
let serials = 0;

beforeAll(async () => {
  paypal = await startPayPalFake();
  server = await startTestServer({
    paymentBaseUrls: { paypal: paypal.baseUrl },
    subscriptionPayPal: {
      clientId: paypal.credentials.client_id,
      clientSecret: paypal.credentials.client_secret,
      webhookId: paypal.credentials.webhook_id,
    },
  });
  const { kl, bkk } = await demoVendors(server.database);
  klVendorId = kl.id;
  bkkVendorId = bkk.id;
  await setPublicAddress(server.database.db, PUBLIC);
  await setPricePerYear(server.database.db, "MYR", 12_000);
  await setPricePerYear(server.database.db, "THB", 95_000);
});
afterAll(async () => {
  await server.close();
  await paypal.close();
});

/** A machine of the vendor whose subscription ends `days` from now (null: no end date). */
async function machine(days: number | null, vendorId = klVendorId) {
  serials += 1;
  const [row] = await server.database.db
    .insert(devices)
    .values({
      vendorId,
      serialNumber: `SUB-${serials}-${Date.now()}`,
      name: `Washer ${serials}`,
      machineType: "washer",
      subscriptionExpiresAt: days === null ? null : new Date(Date.now() + days * DAY),
    })
    .returning();
  if (!row) throw new Error("no machine");
  return row;
}

async function endsOf(ids: number[]) {
  const rows = await server.database.db
    .select({ id: devices.id, ends: devices.subscriptionExpiresAt })
    .from(devices)
    .where(inArray(devices.id, ids));
  return new Map(rows.map((row) => [row.id, row.ends?.getTime() ?? null]));
}

async function order(deviceIds: number[], years = 1, as = "vendor_admin") {
  const answer = await server.send(API.subscriptions.createOrder, { device_ids: deviceIds, years }, { as });
  expect(answer.http, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

async function pay(id: number, as = "vendor_admin") {
  const answer = await server.send(API.subscriptions.payWithPayPal, { id }, { as });
  expect(answer.http, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

/** The operator at PayPal's approval page: approves and is sent back to our return address. */
async function approveAtPayPal(approvalUrl: string) {
  const response = await fetch(approvalUrl, { redirect: "manual" });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get("location") ?? "");
  expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC}${SUBSCRIPTION_PAYPAL_RETURN_PATH}`);
  return `${back.pathname}${back.search}`;
}

const comeBack = (path: string) => server.app.inject({ method: "GET", url: path });

function postWebhook(notification: { rawBody: Buffer; headers: Record<string, string> }) {
  return server.app.inject({
    method: "POST",
    url: SUBSCRIPTION_PAYPAL_WEBHOOK_PATH,
    headers: notification.headers,
    payload: notification.rawBody,
  });
}

async function details(id: number, as = "vendor_admin"): Promise<SubscriptionOrderDetails> {
  const answer = await server.send(API.subscriptions.orderDetails, { id }, { as });
  expect(answer.http).toBe(200);
  return answer.body.result;
}

describe("the renewal screen's machines", () => {
  it("lists the vendor's machines by state, soonest end first, with the tabs' counts", async () => {
    const before = (await server.send(API.subscriptions.deviceCounts, {}, { as: "vendor_admin" })).body.result;
    const expiring = await machine(10);
    const graced = await machine(-3);
    const locked = await machine(-30);
    const active = await machine(200);
    const open = await machine(null);
    const after = (await server.send(API.subscriptions.deviceCounts, {}, { as: "vendor_admin" })).body.result;
    expect(after).toEqual({ all: before.all + 5, expiring: before.expiring + 1, expired: before.expired + 2 });

    const all = await server.send(API.subscriptions.devices, { page_size: 200 }, { as: "vendor_admin" });
    const ids = all.body.result.items.map((item) => item.device_id);
    // Soonest end first; a machine with no end date last.
    expect(ids.indexOf(locked.id)).toBeLessThan(ids.indexOf(graced.id));
    expect(ids.indexOf(graced.id)).toBeLessThan(ids.indexOf(expiring.id));
    expect(ids.indexOf(expiring.id)).toBeLessThan(ids.indexOf(active.id));
    expect(ids.at(-1)).toBe(open.id);
    const byId = new Map(all.body.result.items.map((item) => [item.device_id, item]));
    expect(byId.get(expiring.id)).toMatchObject({ state: "expiring", locked: false });
    expect(byId.get(graced.id)).toMatchObject({ state: "expired", locked: false });
    expect(byId.get(locked.id)).toMatchObject({ state: "expired", locked: true });
    expect(byId.get(active.id)).toMatchObject({ state: "active", locked: false });
    expect(byId.get(open.id)).toMatchObject({ state: "active", expires_at: null });

    const expired = await server.send(API.subscriptions.devices, { state: "expired" }, { as: "vendor_admin" });
    const expiredIds = expired.body.result.items.map((item) => item.device_id);
    expect(expiredIds).toContain(graced.id);
    expect(expiredIds).toContain(locked.id);
    expect(expiredIds).not.toContain(expiring.id);
    // The layout's warning dialog counts the same machines.
    const warning = (await server.send(API.devices.statusCounts, {}, { as: "vendor_admin" })).body.result;
    expect({ expiring: warning.warning_count, expired: warning.overdue_count }).toEqual({
      expiring: after.expiring,
      expired: after.expired,
    });
  });

  it("pages by cursor without overlap", async () => {
    for (let i = 0; i < 5; i++) await machine(40 + i);
    const seen: number[] = [];
    let cursor: string | undefined;
    do {
      const page = await server.send(API.subscriptions.devices, { page_size: 3, cursor }, { as: "vendor_admin" });
      seen.push(...page.body.result.items.map((item) => item.device_id));
      cursor = page.body.result.next_cursor ?? undefined;
    } while (cursor);
    const total = (await server.send(API.subscriptions.deviceCounts, {}, { as: "vendor_admin" })).body.result.all;
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it("never shows another vendor's machines", async () => {
    const theirs = await machine(5, bkkVendorId);
    const ours = await server.send(API.subscriptions.devices, { page_size: 200 }, { as: "vendor_admin" });
    expect(ours.body.result.items.map((item) => item.device_id)).not.toContain(theirs.id);
  });
});

describe("a renewal order", () => {
  it("costs machines × years × the platform's price, in the vendor's currency's minor units", async () => {
    const a = await machine(10);
    const b = await machine(-2);
    const made = await order([a.id, b.id, a.id], 3);
    expect(made).toMatchObject({ state: "unpaid", currency: "MYR", unit_price: 12_000, years: 3, device_count: 2 });
    expect(made.amount).toBe(72_000);
    expect(made.lines.map((line) => line.device_id).sort()).toEqual([a.id, b.id].sort());

    const bangkok = await order([(await machine(10, bkkVendorId)).id], 2, "vendor2_admin");
    expect(bangkok).toMatchObject({ currency: "THB", unit_price: 95_000, amount: 190_000 });
  });

  it("keeps its price when the platform changes it", async () => {
    const made = await order([(await machine(10)).id], 1);
    await setPricePerYear(server.database.db, "MYR", 15_000);
    expect((await details(made.id)).amount).toBe(12_000);
    await setPricePerYear(server.database.db, "MYR", 12_000);
  });

  it("is refused in a currency the platform has no price for, naming it", async () => {
    await server.database.db.delete(subscriptionPrices).where(eq(subscriptionPrices.currency, "THB"));
    const answer = await server.send(
      API.subscriptions.createOrder,
      { device_ids: [(await machine(10, bkkVendorId)).id], years: 1 },
      { as: "vendor2_admin" },
    );
    expect(answer.body).toMatchObject({ code: "SUBSCRIPTION_PRICE_MISSING", message_params: { currency: "THB" } });
    expect(answer.body.message).toContain("THB");
    await setPricePerYear(server.database.db, "THB", 95_000);
  });

  it("refuses years outside 1–5 and an empty selection with the shared messages", async () => {
    const id = (await machine(10)).id;
    for (const years of [0, 6]) {
      const answer = await server.sendRaw(
        API.subscriptions.createOrder,
        { device_ids: [id], years },
        { as: "vendor_admin" },
      );
      expect(answer.body).toMatchObject({ code: "VALIDATION_FAILED", message_key: "validation.renewalYears" });
    }
    const none = await server.sendRaw(
      API.subscriptions.createOrder,
      { device_ids: [], years: 1 },
      { as: "vendor_admin" },
    );
    expect(none.body).toMatchObject({ message_key: "validation.noDevices" });
  });

  it("cannot name another vendor's machine, nor be read, paid or listed by another vendor", async () => {
    const theirs = await machine(10, bkkVendorId);
    const refused = await server.send(
      API.subscriptions.createOrder,
      { device_ids: [(await machine(10)).id, theirs.id], years: 1 },
      { as: "vendor_admin" },
    );
    expect(refused.body.code).toBe("NOT_FOUND");

    const ours = await order([(await machine(10)).id]);
    for (const contract of [API.subscriptions.orderDetails, API.subscriptions.payWithPayPal]) {
      const answer = await server.send(contract, { id: ours.id }, { as: "vendor2_admin" });
      expect(answer.body.code).toBe("NOT_FOUND");
    }
    const theirList = await server.send(API.subscriptions.orders, { page_size: 200 }, { as: "vendor2_admin" });
    expect(theirList.body.result.items.map((item) => item.id)).not.toContain(ours.id);
  });
});

describe("paying with PayPal", () => {
  it("sends the operator to approve, captures on the return and extends each machine once", async () => {
    const active = await machine(20);
    const expired = await machine(-10);
    const made = await order([active.id, expired.id], 2);
    const started = await pay(made.id);
    expect(started.state).toBe("paying");
    const created = [...paypal.orders.values()].find((o) => o.purchase_units[0]?.custom_id === made.order_number);
    // PayPal is asked for the order's total in its decimal form: MYR 480.00.
    expect(created?.purchase_units[0]?.amount).toEqual({ currency_code: "MYR", value: "480.00" });
    // Asked again before approving: the same PayPal order (our order number is its request id).
    expect((await pay(made.id)).approval_url).toBe(started.approval_url);

    const before = await endsOf([active.id, expired.id]);
    const back = await comeBack(await approveAtPayPal(started.approval_url ?? ""));
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/#/subscribe/orders?order=${made.id}&result=paid`);

    const paid = await details(made.id);
    expect(paid).toMatchObject({ state: "paid", payment_reference: expect.any(String) });
    expect(paid.paid_at).not.toBeNull();
    const after = await endsOf([active.id, expired.id]);
    const paidAt = new Date((paid.paid_at ?? 0) * 1000);
    // The active machine gains two years from its own end; the expired one two years from the payment.
    const activeEnd = before.get(active.id) ?? 0;
    expect(after.get(active.id)).toBe(renewedUntil(new Date(activeEnd), paidAt, 2, "Asia/Kuala_Lumpur").getTime());
    const expiredAfter = after.get(expired.id) ?? 0;
    expect(Math.abs(expiredAfter - (Date.now() + 2 * 365 * DAY))).toBeLessThan(2 * DAY);
    const line = paid.lines.find((l) => l.device_id === active.id);
    expect(line?.expires_before).toBe(Math.floor(activeEnd / 1000));
    expect(line?.expires_after).toBe(Math.floor((after.get(active.id) ?? 0) / 1000));

    // Coming back again, a webhook for the same capture, or paying again change nothing.
    await comeBack(`${SUBSCRIPTION_PAYPAL_RETURN_PATH}?token=${created?.id}`);
    const captureId = paid.payment_reference ?? "";
    expect((await postWebhook(paypal.captureCompleted(captureId))).statusCode).toBe(200);
    expect(await endsOf([active.id, expired.id])).toEqual(after);
    const again = await server.send(API.subscriptions.payWithPayPal, { id: made.id }, { as: "vendor_admin" });
    expect(again.body.code).toBe("SUBSCRIPTION_ORDER_PAID");

    const listed = await server.send(API.subscriptions.orders, { state: "paid" }, { as: "vendor_admin" });
    expect(listed.body.result.items.map((item) => item.id)).toContain(made.id);
    const unpaid = await server.send(API.subscriptions.orders, { state: "unpaid" }, { as: "vendor_admin" });
    expect(unpaid.body.result.items.map((item) => item.id)).not.toContain(made.id);
  });

  it("leaves the order unpaid when the operator cancels at PayPal", async () => {
    const made = await order([(await machine(5)).id]);
    const started = await pay(made.id);
    const response = await fetch(`${started.approval_url}&cancel=1`, { redirect: "manual" });
    const back = new URL(response.headers.get("location") ?? "");
    const answer = await comeBack(`${back.pathname}${back.search}`);
    expect(answer.headers.location).toBe(`/#/subscribe/orders?order=${made.id}&result=unpaid`);
    expect((await details(made.id)).state).toBe("paying");
  });

  it("settles from the webhook alone, and a webhook PayPal did not sign changes nothing", async () => {
    const target = await machine(15);
    const made = await order([target.id]);
    const started = await pay(made.id);
    const paypalOrder = new URL(started.approval_url ?? "").searchParams.get("token") ?? "";
    paypal.approve(paypalOrder);
    const call = {
      baseUrl: paypal.baseUrl,
      credentials: paypal.credentials,
      publicUrl: PUBLIC,
    };
    // PayPal captured (the operator's browser closed before it came back): only the webhook tells us.
    const captured = await adapterOf("paypal")?.completeApproved?.(call, paypalOrder);
    const notice = paypal.captureCompleted(captured?.captureId ?? "");
    const forged = { ...notice, headers: { ...notice.headers, "paypal-transmission-sig": "Zm9yZ2Vk" } };
    forged.rawBody = Buffer.from(notice.rawBody.toString().replace('"COMPLETED"', '"COMPLETED" '));
    expect((await postWebhook(forged)).statusCode).toBe(401);
    expect((await details(made.id)).state).toBe("paying");

    const before = (await endsOf([target.id])).get(target.id) ?? 0;
    expect((await postWebhook(notice)).statusCode).toBe(200);
    expect((await details(made.id)).state).toBe("paid");
    const paidAt = new Date(((await details(made.id)).paid_at ?? 0) * 1000);
    expect((await endsOf([target.id])).get(target.id)).toBe(
      renewedUntil(new Date(before), paidAt, 1, "Asia/Kuala_Lumpur").getTime(),
    );
  });

  it("extends once when the return and the webhooks arrive together", async () => {
    for (let round = 0; round < 4; round++) {
      const targets = [await machine(12), await machine(-4)];
      const ids = targets.map((t) => t.id);
      const made = await order(ids, 1);
      const started = await pay(made.id);
      const returnPath = await approveAtPayPal(started.approval_url ?? "");
      const paypalOrder = new URL(started.approval_url ?? "").searchParams.get("token") ?? "";
      // PayPal captured once (the return's capture request reached it); its notice is sent twice.
      const call = { baseUrl: paypal.baseUrl, credentials: paypal.credentials, publicUrl: PUBLIC };
      const captured = await adapterOf("paypal")?.completeApproved?.(call, paypalOrder);
      const before = await endsOf(ids);
      const answers = await Promise.all([
        comeBack(returnPath),
        postWebhook(paypal.captureCompleted(captured?.captureId ?? "")),
        postWebhook(paypal.captureCompleted(captured?.captureId ?? "")),
        comeBack(returnPath),
      ]);
      expect(answers.map((a) => a.statusCode)).toEqual([303, 200, 200, 303]);
      const paid = await details(made.id);
      const paidAt = new Date((paid.paid_at ?? 0) * 1000);
      const after = await endsOf(ids);
      for (const target of targets) {
        const previous = before.get(target.id) ?? 0;
        const once = renewedUntil(new Date(previous), paidAt, 1, "Asia/Kuala_Lumpur").getTime();
        // Within the second paid_at is told in (an expired machine renews from the payment's instant).
        expect(Math.abs((after.get(target.id) ?? 0) - once)).toBeLessThan(1000);
      }
      const [row] = await server.database.db
        .select()
        .from(subscriptionOrders)
        .where(eq(subscriptionOrders.id, made.id));
      expect(row?.state).toBe("paid");
    }
  });

  it("does not settle a capture whose amount is not the order's", async () => {
    const made = await order([(await machine(15)).id]);
    await pay(made.id);
    const captureId = paypal.capturedPayment({ orderNo: made.order_number, value: "1.00", currency: "MYR" });
    expect((await postWebhook(paypal.captureCompleted(captureId))).statusCode).toBe(200);
    expect((await details(made.id)).state).toBe("paying");
  });

  it("says so when the platform has not set up PayPal", async () => {
    const bare = await startTestServer();
    try {
      await setPricePerYear(bare.database.db, "MYR", 12_000);
      const { kl } = await demoVendors(bare.database);
      const [device] = await bare.database.db
        .insert(devices)
        .values({ vendorId: kl.id, serialNumber: `SUB-BARE-${Date.now()}`, machineType: "washer" })
        .returning();
      const made = await bare.send(
        API.subscriptions.createOrder,
        { device_ids: [device?.id ?? 0], years: 1 },
        { as: "vendor_admin" },
      );
      const answer = await bare.send(
        API.subscriptions.payWithPayPal,
        { id: made.body.result.id },
        { as: "vendor_admin" },
      );
      expect(answer.body.code).toBe("SUBSCRIPTION_PAYMENT_UNAVAILABLE");
    } finally {
      await bare.close();
    }
  });
});

describe("what expiry does", () => {
  const remoteStart = (id: number) => ({
    device_ids: [id],
    start_type: "free_start" as const,
    program: "Quick",
    price: 0,
  });

  it("refuses the console's remote control past the grace period, naming the machine", async () => {
    const locked = await machine(-8);
    for (const [contract, body] of [
      [API.devices.remoteStart, remoteStart(locked.id)],
      [API.devices.reboot, { device_ids: [locked.id] }],
      [API.devices.updateShadow, { device_ids: [locked.id], params: { price: 500 } }],
    ] as const) {
      const answer = await server.send(contract, body as never, { as: "vendor_admin" });
      expect(answer.body.code, contract.path).toBe("SUBSCRIPTION_EXPIRED");
      expect(answer.body.message).toContain(locked.serialNumber);
    }
  });

  it("lets the operator still control a machine in its grace period, and audit a locked one's cash box", async () => {
    const graced = await machine(-6);
    expect((await server.send(API.devices.remoteStart, remoteStart(graced.id), { as: "vendor_admin" })).http).toBe(200);
    const locked = await machine(-8);
    const audit = await server.send(
      API.devices.coinCollection,
      { device_ids: [locked.id], action: "audit" },
      { as: "vendor_admin" },
    );
    expect(audit.http).toBe(200);
  });

  it("controls a locked machine again once it is renewed", async () => {
    const locked = await machine(-9);
    const made = await order([locked.id]);
    const started = await pay(made.id);
    await comeBack(await approveAtPayPal(started.approval_url ?? ""));
    expect((await server.send(API.devices.remoteStart, remoteStart(locked.id), { as: "vendor_admin" })).http).toBe(200);
  });
});
