import { createHmac, timingSafeEqual } from "node:crypto";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemConfig } from "../../modules/system-config/tables.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { defineModule } from "../module.js";
import { webhookEvents } from "../webhooks/tables.js";
import { type WebhookEndpoint, WebhookRefused } from "./webhook.js";

/**
 * The webhook endpoint kind, with a test provider signing like Stripe does: an HMAC-SHA256 over
 * "<timestamp>.<raw body>" with the vendor's secret, in a `testpay-signature: t=…,v1=…` header.
 */
const SECRETS: Record<string, string> = { "1": "whsec_vendor_one", "2": "whsec_vendor_two" };
const TOLERANCE_S = 300;

function sign(body: string, secret: string, at = Math.floor(Date.now() / 1000)): string {
  const mac = createHmac("sha256", secret).update(`${at}.${body}`).digest("hex");
  return `t=${at},v1=${mac}`;
}

let handled = 0;
let failNext = false;

const testpay: WebhookEndpoint<{ id: string; amount: number; vendor?: string }> = {
  path: "/webhooks/testpay/:vendorId",
  provider: "testpay",
  async verify({ rawBody, headers, params }) {
    const secret = SECRETS[params.vendorId ?? ""];
    const header = String(headers["testpay-signature"] ?? "");
    const at = Number(/t=(\d+)/.exec(header)?.[1]);
    const given = Buffer.from(/v1=([0-9a-f]{64})/.exec(header)?.[1] ?? "", "hex");
    if (!secret || !Number.isFinite(at) || given.length !== 32) throw new WebhookRefused("no signature");
    if (Math.abs(Date.now() / 1000 - at) > TOLERANCE_S) throw new WebhookRefused("stale timestamp");
    const expected = createHmac("sha256", secret).update(`${at}.`).update(rawBody).digest();
    if (!timingSafeEqual(given, expected)) throw new WebhookRefused("signature mismatch");
    const event = JSON.parse(rawBody.toString("utf8")) as { id: string; amount: number; vendor?: string };
    return { eventId: event.id, vendorId: Number(params.vendorId), event };
  },
  async handle({ event }, tx) {
    if (failNext) {
      failNext = false;
      throw new Error("the order store is down");
    }
    handled += 1;
    // The effect is written in the transaction that records the event: both or neither. (Keyed by
    // vendor too when the event says so: two vendors' accounts may use the same event id.)
    const name = "vendor" in event ? `testpay-vendor${String(event.vendor)}:${event.id}` : `testpay:${event.id}`;
    await tx.insert(systemConfig).values({ name, value: String(event.amount) });
    return { status: 200, contentType: "application/json", body: JSON.stringify({ received: event.id, n: handled }) };
  },
};

let server: TestServer;

beforeAll(async () => {
  const provider = defineModule({ name: "testpay", routes: (r) => r.webhook(testpay) });
  server = await startTestServer({}, { extraModules: [provider] });
});
afterAll(() => server.close());

function deliver(body: string, signature: string | null, vendorId = "1") {
  return server.app.inject({
    method: "POST",
    url: `/webhooks/testpay/${vendorId}`,
    headers: { "content-type": "application/json", ...(signature ? { "testpay-signature": signature } : {}) },
    payload: body,
  });
}

const effects = (id: string) =>
  server.database.db
    .select()
    .from(systemConfig)
    .where(eq(systemConfig.name, `testpay:${id}`));
const recorded = (id: string) => server.database.db.select().from(webhookEvents).where(eq(webhookEvents.eventId, id));

describe("webhook endpoints", () => {
  it("keep vendors' events apart: another vendor's event of the same id is acted on, not taken for a replay", async () => {
    const forOne = JSON.stringify({ id: "evt_shared", amount: 700, vendor: "1" });
    const forTwo = JSON.stringify({ id: "evt_shared", amount: 900, vendor: "2" });
    expect((await deliver(forOne, sign(forOne, SECRETS["1"] as string), "1")).statusCode).toBe(200);
    expect((await deliver(forTwo, sign(forTwo, SECRETS["2"] as string), "2")).statusCode).toBe(200);
    const one = await server.database.db
      .select()
      .from(systemConfig)
      .where(eq(systemConfig.name, "testpay-vendor1:evt_shared"));
    const two = await server.database.db
      .select()
      .from(systemConfig)
      .where(eq(systemConfig.name, "testpay-vendor2:evt_shared"));
    expect([one[0]?.value, two[0]?.value]).toEqual(["700", "900"]);
    expect(await recorded("evt_shared")).toHaveLength(2);
    // Each one's replay is still a replay.
    const again = await deliver(forTwo, sign(forTwo, SECRETS["2"] as string), "2");
    expect(again.statusCode).toBe(200);
    expect(await recorded("evt_shared")).toHaveLength(2);
  });

  it("act on a verified event once, and answer a replay exactly as the first delivery", async () => {
    const body = JSON.stringify({ id: "evt_1", amount: 700 });
    const signature = sign(body, SECRETS["1"] as string);
    const first = await deliver(body, signature);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: "evt_1", n: handled });
    const replay = await deliver(body, signature);
    expect(replay.statusCode).toBe(200);
    expect(replay.body).toBe(first.body);
    expect(await effects("evt_1")).toHaveLength(1);
    expect(await recorded("evt_1")).toHaveLength(1);
  });

  it("refuse a forged, altered, missing or stale signature, recording nothing", async () => {
    const body = JSON.stringify({ id: "evt_forged", amount: 1 });
    const good = sign(body, SECRETS["1"] as string);
    const attempts = [
      deliver(body, sign(body, "not the vendor's secret")),
      deliver(JSON.stringify({ id: "evt_forged", amount: 1_000_000 }), good),
      deliver(body, null),
      deliver(body, sign(body, SECRETS["1"] as string, Math.floor(Date.now() / 1000) - TOLERANCE_S - 60)),
      deliver(body, good, "2"),
    ];
    for (const answer of await Promise.all(attempts)) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: "SIGNATURE_INVALID" });
    }
    expect(await effects("evt_forged")).toHaveLength(0);
    expect(await recorded("evt_forged")).toHaveLength(0);
  });

  it("act once when the same new event arrives many times at once", async () => {
    const body = JSON.stringify({ id: "evt_parallel", amount: 5 });
    const signature = sign(body, SECRETS["1"] as string);
    const before = handled;
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(body, signature)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([200]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(handled - before).toBe(1);
    expect(await effects("evt_parallel")).toHaveLength(1);
  });

  it("record nothing when acting fails, so the provider's retry is acted on", async () => {
    const body = JSON.stringify({ id: "evt_retry", amount: 9 });
    const signature = sign(body, SECRETS["1"] as string);
    failNext = true;
    const failed = await deliver(body, signature);
    expect(failed.statusCode).toBe(500);
    expect(await recorded("evt_retry")).toHaveLength(0);
    const retried = await deliver(body, signature);
    expect(retried.statusCode).toBe(200);
    expect(await effects("evt_retry")).toHaveLength(1);
    const all = await server.database.db.select().from(systemConfig).where(like(systemConfig.name, "testpay:%"));
    expect(all.map((row) => row.name).sort()).toEqual(["testpay:evt_1", "testpay:evt_parallel", "testpay:evt_retry"]);
  });
});
