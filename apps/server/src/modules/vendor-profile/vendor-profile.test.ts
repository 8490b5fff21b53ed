import { API, type BodyOf, PAYMENT_SETTINGS_PROVIDERS } from "@washboard/shared";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSecretBox, loadSecretKey, maskSecret } from "../../platform/secrets/secret-box.js";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { operationLog } from "../operation-log/tables.js";
import { vendors } from "../tenancy/tables.js";
import { vendorPaymentSettings } from "./tables.js";

const STRIPE_SECRET = "sk_live_51HxYzSuperSecretValue9876";
const WEBHOOK_SECRET = "whsec_AnotherSecretValue4321";

let server: TestServer;
let klId = 0;
let bkkId = 0;

async function stripeRow(vendorId = klId) {
  const [row] = await server.database.db
    .select()
    .from(vendorPaymentSettings)
    .where(and(eq(vendorPaymentSettings.vendorId, vendorId), eq(vendorPaymentSettings.provider, "stripe")));
  return row;
}

const savePaymentInfo = (settings: BodyOf<typeof API.vendorProfile.modifyPaymentInfo>, username = "vendor_admin") =>
  server.send(API.vendorProfile.modifyPaymentInfo, settings, { as: username });

beforeAll(async () => {
  server = await startTestServer();
  const demo = await demoVendors(server.database);
  klId = demo.kl.id;
  bkkId = demo.bkk.id;
});
afterAll(() => server.close());

describe("payment-provider settings", () => {
  it("lists every provider of §7 with its fields, secrets empty until set", async () => {
    const { http, body } = await server.send(API.vendorProfile.paymentInfo, {}, { as: "vendor_admin" });
    expect(http).toBe(200);
    expect(body.result.providers.map((p) => p.provider)).toEqual(PAYMENT_SETTINGS_PROVIDERS);
    expect(PAYMENT_SETTINGS_PROVIDERS).toHaveLength(17);
    const stripe = body.result.providers.find((p) => p.provider === "stripe");
    // The demo vendor starts with stripe switched on but no credentials.
    expect(stripe).toMatchObject({
      enabled: true,
      flag: "has_stripe",
      fields: { publishable_key: "", secret_key: "", webhook_secret: "" },
      secrets_set: [],
    });
    const pos = body.result.providers.find((p) => p.provider === "pos");
    expect(pos?.flag).toBeNull();
    const one = await server.send(API.vendorProfile.paymentInfo, { provider: "xendit" }, { as: "vendor_admin" });
    expect(one.body.result.providers.map((p) => p.provider)).toEqual(["xendit"]);
    const bad = await server.sendRaw(API.vendorProfile.paymentInfo, { provider: "bitcoin" }, { as: "vendor_admin" });
    expect(bad.body).toMatchObject({ code: "VALIDATION_FAILED", field: "provider" });
  });

  it("seals secrets at rest and never answers them whole", async () => {
    const { http, body } = await savePaymentInfo({
      provider: "stripe",
      enabled: true,
      fields: { publishable_key: "pk_live_public", secret_key: STRIPE_SECRET, webhook_secret: WEBHOOK_SECRET },
    });
    expect(http, JSON.stringify(body)).toBe(200);
    expect(body.result.fields).toEqual({
      publishable_key: "pk_live_public",
      secret_key: maskSecret(STRIPE_SECRET),
      webhook_secret: maskSecret(WEBHOOK_SECRET),
    });
    expect(body.result.secrets_set).toEqual(["secret_key", "webhook_secret"]);
    expect(JSON.stringify(body)).not.toContain(STRIPE_SECRET);
    const read = await server.send(API.vendorProfile.paymentInfo, {}, { as: "vendor_admin" });
    expect(JSON.stringify(read.body)).not.toContain(STRIPE_SECRET);
    expect(JSON.stringify(read.body)).not.toContain(WEBHOOK_SECRET);
    const sub = await server.send(API.vendorProfile.paymentInfo, { provider: "stripe" }, { as: "vendor_sub" });
    expect(sub.http).toBe(200);
    expect(JSON.stringify(sub.body)).not.toContain(STRIPE_SECRET);

    // The raw row holds sealed text only; no column of any table holds the plain secret.
    const row = await stripeRow();
    expect(row?.fields.publishable_key).toBe("pk_live_public");
    expect(row?.fields.secret_key?.startsWith("v1:")).toBe(true);
    expect(JSON.stringify(row)).not.toContain(STRIPE_SECRET);
    const box = createSecretBox(loadSecretKey(server.config.secretKey, server.config.dataDir));
    expect(box.open(row?.fields.secret_key ?? "")).toBe(STRIPE_SECRET);
    const hits = await server.database.db.execute(
      sql`select count(*)::int as n from vendor_payment_settings where fields::text like ${`%${STRIPE_SECRET}%`}`,
    );
    expect((hits as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
    const logs = await server.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, "vendorProfile.modifyPaymentInfo"));
    expect(logs.length).toBeGreaterThan(0);
    for (const log of logs) expect(JSON.stringify(log)).not.toContain(STRIPE_SECRET);
    expect(logs.at(-1)?.target).toBe(
      `vendor:${klId} provider:stripe changed:publishable_key,secret_key,webhook_secret`,
    );
  });

  it("keeps a secret when its mask comes back unchanged, replaces it when new text comes", async () => {
    const before = await stripeRow();
    const roundTrip = await savePaymentInfo({
      provider: "stripe",
      enabled: true,
      fields: {
        publishable_key: "pk_live_public2",
        secret_key: maskSecret(STRIPE_SECRET),
        webhook_secret: maskSecret(WEBHOOK_SECRET),
      },
    });
    expect(roundTrip.http).toBe(200);
    const after = await stripeRow();
    expect(after?.fields.secret_key).toBe(before?.fields.secret_key);
    expect(after?.fields.webhook_secret).toBe(before?.fields.webhook_secret);
    const [log] = await server.database.db
      .select()
      .from(operationLog)
      .where(eq(operationLog.action, "vendorProfile.modifyPaymentInfo"))
      .orderBy(sql`${operationLog.id} desc`)
      .limit(1);
    expect(log?.target).toBe(`vendor:${klId} provider:stripe changed:publishable_key`);

    // Leaving a field out keeps it too; new text replaces it.
    await savePaymentInfo({ provider: "stripe", enabled: true, fields: { secret_key: "sk_live_rotated_0001" } });
    const box = createSecretBox(loadSecretKey(server.config.secretKey, server.config.dataDir));
    const rotated = await stripeRow();
    expect(box.open(rotated?.fields.secret_key ?? "")).toBe("sk_live_rotated_0001");
    expect(rotated?.fields.webhook_secret).toBe(before?.fields.webhook_secret);
    expect(rotated?.fields.publishable_key).toBe("pk_live_public2");
  });

  it("switches the provider's has_* flag, which get_vendor_info answers", async () => {
    const flag = async () =>
      (await server.send(API.tenancy.current, {}, { as: "vendor_admin" })).body.result.has_xendit;
    expect(await flag()).toBe(false);
    const on = await savePaymentInfo({
      provider: "xendit",
      enabled: true,
      fields: { public_key: "xnd_public", secret_key: "xnd_secret_value" },
    });
    expect(on.body.result.enabled).toBe(true);
    expect(await flag()).toBe(true);
    // Another vendor of the group is untouched.
    expect((await server.send(API.tenancy.current, {}, { as: "vendor2_admin" })).body.result.has_xendit).toBe(false);
    await savePaymentInfo({ provider: "xendit", enabled: false, fields: {} });
    expect(await flag()).toBe(false);
    const [kl] = await server.database.db.select().from(vendors).where(eq(vendors.id, klId));
    expect(kl?.enabledProviders).not.toContain("xendit");
    expect(kl?.enabledProviders).toContain("stripe");
  });

  it("refuses to enable a provider with a required field empty, and refuses unknown fields", async () => {
    const missing = await savePaymentInfo({ provider: "gkash", enabled: true, fields: { cid: "M123" } });
    expect(missing.body).toMatchObject({
      code: "VALIDATION_FAILED",
      field: "fields.signature_key",
      message_key: "validation.required",
    });
    // Saving it switched off is fine.
    const off = await savePaymentInfo({ provider: "gkash", enabled: false, fields: { cid: "M123" } });
    expect(off.http).toBe(200);
    const unknown = await savePaymentInfo({ provider: "gkash", enabled: false, fields: { password: "x" } });
    expect(unknown.body).toMatchObject({ code: "VALIDATION_FAILED", field: "fields.password" });
  });

  it("lets only the merchant main administrator change settings; others get NO_PERMISSION", async () => {
    for (const username of ["vendor_sub", "group_admin", "group_sub"]) {
      const { http, body } = await savePaymentInfo({ provider: "fomo", enabled: false, fields: {} }, username);
      expect(http, username).toBe(403);
      expect(body.code, username).toBe("NO_PERMISSION");
    }
    for (const username of ["group_admin", "group_sub"]) {
      expect((await server.send(API.vendorProfile.paymentInfo, {}, { as: username })).body.code, username).toBe(
        "NO_PERMISSION",
      );
    }
    expect((await server.send(API.vendorProfile.paymentInfo, {})).body.code).toBe("UNAUTHORIZED");
  });

  it("keeps each vendor's settings to itself", async () => {
    const bangkok = await server.send(API.vendorProfile.paymentInfo, { provider: "stripe" }, { as: "vendor2_admin" });
    expect(bangkok.body.result.providers[0]).toMatchObject({ enabled: false, secrets_set: [] });
    expect(await stripeRow(bkkId)).toBeUndefined();
    // A vendor_id in the payload does not move a vendor account to another vendor.
    const sneaky = await server.send(
      API.vendorProfile.paymentInfo,
      { provider: "stripe" },
      { as: "vendor2_admin", vendorId: klId },
    );
    expect(sneaky.body.result.providers[0]?.secrets_set).toEqual([]);
  });

  it("takes pay discounts of 1 to 99 percent or none, and refuses 0 and 100", async () => {
    for (const discount of [0, 100, 1.5, -1]) {
      const { body } = await server.send(
        API.vendorProfile.modifyPayDiscounts,
        { discounts: [{ provider: "paypal", discount }] },
        { as: "vendor_admin" },
      );
      expect(body.code, String(discount)).toBe("VALIDATION_FAILED");
      expect(body.field).toBe("discounts.0.discount");
    }
    const ok = await server.send(
      API.vendorProfile.modifyPayDiscounts,
      {
        discounts: [
          { provider: "paypal", discount: 1 },
          { provider: "fomo", discount: 99 },
          { provider: "stripe", discount: null },
        ],
      },
      { as: "vendor_admin" },
    );
    expect(ok.http).toBe(200);
    const byId = new Map(ok.body.result.providers.map((p) => [p.provider, p]));
    expect(byId.get("paypal")?.discount).toBe(1);
    expect(byId.get("fomo")?.discount).toBe(99);
    expect(byId.get("stripe")?.discount).toBeNull();
    // The discount leaves credentials alone.
    expect(byId.get("stripe")?.secrets_set).toEqual(["secret_key", "webhook_secret"]);
  });
});

describe("vendor profile", () => {
  it("shows the vendor's own profile to levels 3 and 4", async () => {
    for (const username of ["vendor_admin", "vendor_sub"]) {
      const { body } = await server.send(API.vendorProfile.profile, {}, { as: username });
      expect(body.result).toMatchObject({ vendor_id: klId, name: "Demo Laundry Kuala Lumpur", currency: "MYR" });
    }
    const bkk = await server.send(API.vendorProfile.profile, {}, { as: "vendor2_admin" });
    expect(bkk.body.result.vendor_id).toBe(bkkId);
  });

  it("lets level 3 change phone and home page, both required; level 4 may not", async () => {
    const changed = await server.send(
      API.vendorProfile.modifyContact,
      {
        phone: "+60 3-1234 5678",
        home_page: "https://laundry.example",
      },
      { as: "vendor_admin" },
    );
    expect(changed.body.result).toMatchObject({ phone: "+60 3-1234 5678", home_page: "https://laundry.example" });
    const empty = await server.send(
      API.vendorProfile.modifyContact,
      { phone: "", home_page: "x" },
      { as: "vendor_admin" },
    );
    expect(empty.body).toMatchObject({ code: "VALIDATION_FAILED", field: "phone", message_key: "validation.required" });
    const sub = await server.send(
      API.vendorProfile.modifyContact,
      { phone: "1", home_page: "x" },
      { as: "vendor_sub" },
    );
    expect(sub.body.code).toBe("NO_PERMISSION");
  });
});
