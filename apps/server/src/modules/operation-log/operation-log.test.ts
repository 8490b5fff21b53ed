import { bluetoothKeyOfSecret, sealAck } from "@washboard/device-protocol";
import {
  ALL_ENDPOINTS,
  API,
  type ConsoleLevel,
  endpointId,
  formReportEndpoints,
  ORDER_SCREENS,
} from "@washboard/shared";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandValues, type OtherTenant, otherTenant, vendorSubAccount } from "../../test/fixtures.js";
import { type Answer, type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { alliances } from "../alliances/tables.js";
import { brands } from "../brands/tables.js";
import { provisionDevice } from "../devices/provision.js";
import { devices } from "../devices/tables.js";
import { ecards } from "../ecards/tables.js";
import { locations } from "../locations/tables.js";
import { coupons } from "../members/tables.js";
import { type SignedRestFake, startSignedRestFake } from "../orders/providers/fakes/signed-rest-fake.js";
import { orders } from "../orders/tables.js";
import { switchOn } from "../orders/test-orders.js";
import { payQrCodes } from "../payqr/tables.js";
import { priceTemplates } from "../price-templates/tables.js";
import { roles } from "../roles/tables.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";
import { PNG, upload } from "../uploads/test-helpers.js";
import { operationLog } from "./tables.js";

let server: TestServer;
/** check_order asks a provider: a fake of the signed REST scheme FOMO and QRIS speak here. */
let restProvider: SignedRestFake;

beforeAll(async () => {
  restProvider = await startSignedRestFake();
  // send_test_email goes to a capturing SMTP server on loopback.
  server = await startTestServer({
    smtpAllowPrivate: true,
    paymentBaseUrls: { fomo: restProvider.baseUrl, qris: restProvider.baseUrl },
  });
});
afterAll(async () => {
  await server.close();
  await restProvider.close();
  if (smtp) await new Promise<void>((resolve) => smtp?.close(() => resolve()));
});

/** A local SMTP server for the test email, started by the call that needs it. */
let smtp: SMTPServer | undefined;
async function smtpPort(): Promise<number> {
  if (!smtp) {
    const started = new SMTPServer({ disabledCommands: ["STARTTLS"], authOptional: true, logger: false });
    await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", () => resolve()));
    smtp = started;
  }
  return (smtp.server.address() as { port: number }).port;
}

/** The Demo Group, owner of brands, virtual cards and the mail configuration. */
async function demoGroupId(): Promise<number> {
  const [row] = await server.database.db.select().from(vendors).where(eq(vendors.name, "Demo Laundry Kuala Lumpur"));
  if (!row?.groupId) throw new Error("no demo group");
  return row.groupId;
}

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

/** A brand of the Demo Group, written straight to the database. */
async function demoBrand(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(brands)
    .values(brandValues(await demoGroupId(), name))
    .returning();
  if (!row) throw new Error("brand not created");
  return row.id;
}

/** A virtual card of the Demo Group, written straight to the database. */
async function demoEcard(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(ecards)
    .values({ groupId: await demoGroupId(), name })
    .returning();
  if (!row) throw new Error("virtual card not created");
  return row.id;
}

/** Every call here comes from its own address, so its log rows can be told apart. */
let lastAddress = 0;
const nextIp = () => `10.60.0.${++lastAddress}`;

const rowsFrom = (ip: string) => server.database.db.select().from(operationLog).where(eq(operationLog.ip, ip));

async function accountId(username: string): Promise<number> {
  const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
  if (!row) throw new Error(`no account ${username}`);
  return row.id;
}

/** The Kuala Lumpur vendor (of vendor_admin and vendor_sub). */
async function klVendorId(): Promise<number> {
  // By name: a registration of this file adds another MYR vendor.
  const [row] = await server.database.db.select().from(vendors).where(eq(vendors.name, "Demo Laundry Kuala Lumpur"));
  if (!row) throw new Error("no Kuala Lumpur vendor");
  return row.id;
}

/** A level-4 account of the Kuala Lumpur vendor holding `permissions` (made once); answers its username. */
async function klSubAccount(username: string, permissions: readonly string[]): Promise<string> {
  const [row] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
  if (!row) await vendorSubAccount(server.database, { vendorId: await klVendorId(), username, permissions });
  return username;
}

/** An order of the Kuala Lumpur vendor through `provider`, paid now unless said otherwise. */
async function klOrder(provider: "wechatpay" | "alipay" | "sandbox" | "fomo" | "qris", paid = true, deviceId?: number) {
  const orderNo = `WLOG${provider.toUpperCase()}${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
  const [row] = await server.database.db
    .insert(orders)
    .values({
      vendorId: await klVendorId(),
      source: provider,
      payType: "1",
      orderNo,
      payUniqueNo: orderNo,
      amount: 1_000,
      currency: "MYR",
      payStatus: paid ? 1 : 0,
      paidAt: paid ? new Date() : null,
      ...(deviceId ? { deviceId, startType: "online_payment", purchase: { program: "Wash", minutes: 30 } } : {}),
    })
    .returning();
  if (!row) throw new Error("order not created");
  return row;
}

/** A free machine of a Kuala Lumpur shop with a price template, and the sandbox switched on: a customer may pay it. */
async function klPayableMachine(name: string) {
  const { db } = server.database;
  const vendorId = await klVendorId();
  const { shopId, deviceId } = await klShop(name);
  const [template] = await db
    .insert(priceTemplates)
    .values({ vendorId, modelName: `${name} wash`, displayPrice: 700, price: 700, estimatedMinutes: 30 })
    .returning();
  await db
    .update(devices)
    .set({ presence: "online", priceTemplateId: template?.id ?? null })
    .where(eq(devices.id, deviceId));
  await switchOn(db, vendorId, "sandbox");
  return { shopId, deviceId, serial: `LOG-${name}` };
}

let jakarta: OtherTenant | undefined;
/** The unrelated tenant (Jakarta, IDR), made once for the file. */
async function jakartaTenant(): Promise<OtherTenant> {
  jakarta ??= await otherTenant(server.database);
  return jakarta;
}

/** The Kuala Lumpur vendor's FOMO or QRIS switched on with the fake's credentials (not logged by this call's address). */
async function klRestProvider(provider: "fomo" | "qris"): Promise<void> {
  const { http } = await server.send(
    API.vendorProfile.modifyPaymentInfo,
    { provider, enabled: true, fields: { ...restProvider.credentials } },
    { as: "vendor_admin", ip: nextIp() },
  );
  if (http !== 200) throw new Error(`${provider} not configured`);
}

function orderCall(order: { id: number }, body: Record<string, unknown>) {
  return {
    body: { order_id: order.id, ...body },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: `order:${order.id}` },
  };
}

/** A role of the Kuala Lumpur vendor, written straight to the database. */
async function klRole(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(roles)
    .values({ vendorId: await klVendorId(), name })
    .returning();
  if (!row) throw new Error("role not created");
  return row.id;
}

/** A Kuala Lumpur shop with one device, written straight to the database (alliance and payment QR calls). */
async function klShop(name: string): Promise<{ shopId: number; deviceId: number }> {
  const vendorId = await klVendorId();
  const [shop] = await server.database.db
    .insert(shops)
    .values({ vendorId, name, address: `${name} road`, serviceType: 1 })
    .returning();
  if (!shop) throw new Error("shop not created");
  const [device] = await server.database.db
    .insert(devices)
    .values({ vendorId, shopId: shop.id, name: `${name} washer`, serialNumber: `LOG-${name}`, machineType: "washer" })
    .returning();
  if (!device) throw new Error("device not created");
  return { shopId: shop.id, deviceId: device.id };
}

/** A Kuala Lumpur alliance without members, written straight to the database. */
async function klAlliance(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(alliances)
    .values({ vendorId: await klVendorId(), name, type: 1 })
    .returning();
  if (!row) throw new Error("alliance not created");
  return row.id;
}

/** A Kuala Lumpur payment QR code bound to a new shop, written straight to the database. */
async function klPayQr(name: string): Promise<number> {
  const { shopId } = await klShop(`${name} shop`);
  const [row] = await server.database.db
    .insert(payQrCodes)
    .values({ vendorId: await klVendorId(), code: `log-${name}`, name, shopId })
    .returning();
  if (!row) throw new Error("payment QR code not created");
  return row.id;
}

/** A Kuala Lumpur location without shops, written straight to the database. */
async function klLocation(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(locations)
    .values({ vendorId: await klVendorId(), name, address: `${name} road` })
    .returning();
  if (!row) throw new Error("location not created");
  return row.id;
}

/** A Kuala Lumpur shop nothing depends on, written straight to the database. */
async function klBareShop(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(shops)
    .values({ vendorId: await klVendorId(), name, address: `${name} road`, serviceType: 1 })
    .returning();
  if (!row) throw new Error("shop not created");
  return row.id;
}

const VENDOR_FIELDS = {
  real_name: "Logged Person",
  id_number: "ID-LOG-1",
  phone: "+60 3 1111 2222",
  home_page: "https://logged.example",
  settlement_cycle_days: 7,
  fee_rate_coins: 0.1,
  fee_rate_no_coins: 0.2,
  currency: "MYR",
  language: "en",
  time_zone: "Asia/Kuala_Lumpur",
  coin_denomination: 100,
};

/** A vendor of the Demo Group without dependents, written straight to the database. */
async function groupVendor(name: string): Promise<number> {
  const [row] = await server.database.db
    .insert(vendors)
    .values({ groupId: await demoGroupId(), name, currency: "MYR", language: "en", timeZone: "Asia/Kuala_Lumpur" })
    .returning();
  if (!row) throw new Error("vendor not created");
  return row.id;
}

/** A Kuala Lumpur main administrator (level 3) or a Demo Group sub-administrator (level 7). */
async function managedAccount(username: string, level: 3 | 7): Promise<number> {
  const [row] = await server.database.db
    .insert(accounts)
    .values({
      username,
      nickname: username,
      level,
      passwordHash: "x",
      ...(level === 3 ? { vendorId: await klVendorId() } : { groupId: await demoGroupId() }),
    })
    .returning();
  if (!row) throw new Error("account not created");
  return row.id;
}

const MUTATING = ALL_ENDPOINTS.filter((c) => c.mutates);
const READ_ONLY = ALL_ENDPOINTS.filter((c) => !c.mutates);

const USER_OF_LEVEL: Record<ConsoleLevel, string> = {
  3: "vendor_admin",
  4: "vendor_sub",
  6: "group_admin",
  7: "group_sub",
};

const KL_ADMIN = { as: "vendor_admin" };

/** The id of a Kuala Lumpur record made through the API (from the default address, so its log row is not counted). */
function madeId({ http, body }: Answer<{ id: number }>): number {
  if (http !== 200) throw new Error(`record not made: ${JSON.stringify(body)}`);
  return body.result.id;
}

/** Kuala Lumpur records of the washer catalogue and price templates, made through the API. */
const madeWasherBrand = async (brand: string, alias = "LB") =>
  madeId(
    await server.send(
      API.washerCatalogue.createBrand,
      { manufacturer: "Logged Works", brand, alias, logo_url: "/washer-logos/logged.svg" },
      KL_ADMIN,
    ),
  );
const madeWasherModel = async (name: string, brandId: number) =>
  madeId(
    await server.send(API.washerCatalogue.createModel, { brand_id: brandId, name, machine_type: "washer" }, KL_ADMIN),
  );
const madeControlTemplate = async (name: string) =>
  madeId(
    await server.send(API.washerCatalogue.createControlTemplate, { name, data_head: "AA", data_body: "x" }, KL_ADMIN),
  );
const madePriceTemplate = async (modelName: string) =>
  madeId(
    await server.send(
      API.priceTemplates.create,
      { model_name: modelName, display_price: 500, price: 400, estimated_minutes: 25 },
      KL_ADMIN,
    ),
  );

/** A washer brand of the Kuala Lumpur vendor, made once, for the model calls. */
let washerBrandId: number | undefined;
async function loggedWasherBrand(): Promise<number> {
  washerBrandId ??= await madeWasherBrand("Logged models brand", "LM");
  return washerBrandId;
}

/** A call that succeeds, for each mutating contract, and what its log row should say. */
let memberSeq = 0;
/** A member of the Kuala Lumpur vendor registered at the counter through the API. */
async function klMember() {
  const phone = `6019${String(Date.now()).slice(-5)}${String(++memberSeq).padStart(2, "0")}`;
  return madeId(await server.send(API.members.create, { phone, name: "Logged member" }, KL_ADMIN));
}

let subscriptionSeq = 0;

/** A scheduled report of the Kuala Lumpur vendor, through the API (the group's mail settings saved first). */
async function klSubscription() {
  await server.send(
    API.emailConfig.update,
    {
      send_method: "smtp",
      smtp_server: "127.0.0.1",
      auth_method: "none",
      port: 2525,
      username: "reports@demo.test",
      password: "",
      sender_name: "Demo",
      title: "",
    },
    { as: "group_admin" },
  );
  const email = `logged${++subscriptionSeq}@demo.test`;
  return madeId(
    await server.send(
      API.reports.subscribe,
      { report: "form_point", email, frequency: "weekly", language: "en" },
      KL_ADMIN,
    ),
  );
}

/** A card of the Kuala Lumpur vendor (with `balance`, and bound to a member when asked), through the API. */
async function klCard(options: { balance?: number; memberId?: number } = {}) {
  const uuid = Math.random().toString(16).slice(2, 10).toUpperCase().padEnd(8, "0");
  const card = (
    await server.send(API.members.cardCreate, { uuid, card_number: `L${uuid}`, type: "ordinary" }, KL_ADMIN)
  ).body.result;
  if (options.balance) {
    await server.send(API.members.cardTopUp, { card_id: card.id, amount: options.balance }, KL_ADMIN);
  }
  if (options.memberId)
    await server.send(API.members.cardBind, { card_id: card.id, member_id: options.memberId }, KL_ADMIN);
  return card;
}

/** A coupon of the Kuala Lumpur vendor to give (the promotions issue will define them through the API). */
async function klCoupon() {
  const [row] = await server.database.db
    .insert(coupons)
    .values({ vendorId: await klVendorId(), kind: "voucher", name: "Logged voucher", amount: 200, validDays: 14 })
    .returning();
  return row?.id ?? 0;
}

/** A member-app session of the Kuala Lumpur vendor: registered at one of its machines, then signed in. */
async function klMemberApp(name: string) {
  const machine = await klPayableMachine(name);
  const phone = `6017${String(Date.now()).slice(-5)}${String(++memberSeq).padStart(2, "0")}`;
  const member = { place: { serial: machine.serial }, phone, pin: "2468" };
  // Each from an address of its own: registrations are limited per address.
  const ip = `10.60.0.${memberSeq}`;
  await server.send(API.members.appRegister, member, { ip });
  const { body } = await server.send(API.members.appSignIn, member, { ip });
  return {
    ...machine,
    phone,
    memberId: body.result.member_id,
    headers: { authorization: `Bearer ${body.result.member_token}` },
  };
}

const SUCCESSFUL_CALLS: Record<
  string,
  () => Promise<{
    body: Record<string, unknown>;
    options?: SendOptions;
    expected: Record<string, unknown>;
    /** For calls that are not JSON (an upload): makes the call from `ip` itself. */
    send?: (ip: string) => Promise<{ http: number }>;
  }>
> = {
  "auth.login": async () => ({
    body: { login: "vendor_admin", password: "demo1234" },
    expected: { actor: "vendor_admin", target: "account:vendor_admin", accountId: await accountId("vendor_admin") },
  }),
  "auth.logout": async () => ({
    body: {},
    options: { token: await server.login("vendor2_admin") },
    expected: { actor: "vendor2_admin", target: "account:vendor2_admin", accountId: await accountId("vendor2_admin") },
  }),
  "auth.modifyOwn": async () => ({
    body: { old_pwd: "demo1234", nickname: "Gus again" },
    options: { as: "group_sub" },
    expected: { actor: "group_sub", target: "account:group_sub", accountId: await accountId("group_sub") },
  }),
  "auth.register": async () => ({
    body: {
      mode: "manual",
      username: "logged_owner",
      password: "secret12",
      confirm_password: "secret12",
      merchant_name: "Logged Laundry",
      currency: "MYR",
      language: "en",
      time_zone: "Asia/Kuala_Lumpur",
    },
    expected: { actor: "logged_owner", target: expect.stringMatching(/^vendor:\d+$/) },
  }),
  "roles.create": async () => ({
    body: { name: "Logged role" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^role:\d+ Logged role$/) },
  }),
  "roles.modify": async () => {
    const id = await klRole("Logged before");
    return {
      body: { id, name: "Logged after" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `role:${id} Logged after`, vendorId: await klVendorId() },
    };
  },
  "roles.remove": async () => {
    const id = await klRole("Logged gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `role:${id} Logged gone` },
    };
  },
  "subAccounts.create": async () => ({
    body: {
      username: "logged_sub",
      email: "logged_sub@demo.test",
      nickname: "Logged sub",
      password: "secret12",
      confirm_password: "secret12",
      role_id: await klRole("Logged holder"),
    },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^account:\d+ logged_sub$/) },
  }),
  "subAccounts.modify": async () => {
    const id = await accountId("vendor_sub");
    return {
      body: { id, nickname: "Victor again" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `account:${id} vendor_sub` },
    };
  },
  "subAccounts.remove": async () => {
    const [row] = await server.database.db
      .insert(accounts)
      .values({ username: "logged_gone", nickname: "Gone", level: 4, vendorId: await klVendorId(), passwordHash: "x" })
      .returning();
    return {
      body: { id: row?.id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `account:${row?.id} logged_gone` },
    };
  },
  "vendorProfile.modifyContact": async () => ({
    body: { phone: "+60 3-0000 0000", home_page: "https://logged.example" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: `vendor:${await klVendorId()} phone,home_page` },
  }),
  "vendorProfile.modifyPaymentInfo": async () => ({
    body: { provider: "pocket", enabled: false, fields: { merchant_id: "M-1", api_key: "pk_secret_value" } },
    options: { as: "vendor_admin" },
    expected: {
      actor: "vendor_admin",
      target: `vendor:${await klVendorId()} provider:pocket changed:merchant_id,api_key`,
    },
  }),
  "vendorProfile.modifyPayDiscounts": async () => ({
    body: { discounts: [{ provider: "fomo", discount: 5 }] },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: `vendor:${await klVendorId()} discounts:fomo` },
  }),
  "uploads.image": async () => {
    const token = await server.login("group_admin");
    return {
      body: {},
      send: (ip) => upload(server, token, { name: "logged.png", type: "image/png", bytes: PNG }, { ip }),
      expected: { actor: "group_admin", target: expect.stringMatching(/^upload:[0-9a-f]{64}\.png$/) },
    };
  },
  "brands.create": async () => ({
    body: { name: "Logged brand", ...BRAND_FIELDS },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: expect.stringMatching(/^brand:\d+$/), groupId: await demoGroupId() },
  }),
  "brands.modify": async () => {
    const id = await demoBrand("Logged brand before");
    return {
      body: { id, name: "Logged brand after", ...BRAND_FIELDS },
      options: { as: "group_admin" },
      expected: { actor: "group_admin", target: `brand:${id}` },
    };
  },
  "brands.setStatus": async () => {
    const id = await demoBrand("Logged brand status");
    return {
      body: { id, status: 0 },
      options: { as: "group_sub" },
      expected: { actor: "group_sub", target: `brand:${id}` },
    };
  },
  "brands.remove": async () => {
    const id = await demoBrand("Logged brand gone");
    return {
      body: { id },
      options: { as: "group_admin" },
      expected: { actor: "group_admin", target: `brand:${id}` },
    };
  },
  "ecards.create": async () => ({
    body: { name: "Logged card" },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: expect.stringMatching(/^ecard:\d+$/) },
  }),
  "ecards.modify": async () => {
    const id = await demoEcard("Logged card before");
    return {
      body: { id, name: "Logged card after" },
      options: { as: "group_admin" },
      expected: { actor: "group_admin", target: `ecard:${id}` },
    };
  },
  "ecards.remove": async () => {
    const id = await demoEcard("Logged card gone");
    return {
      body: { id },
      options: { as: "group_admin" },
      expected: { actor: "group_admin", target: `ecard:${id}` },
    };
  },
  "emailConfig.update": async () => ({
    body: { send_method: "smtp", smtp_server: "127.0.0.1", auth_method: "none", port: await smtpPort() },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: `group:${await demoGroupId()}:email` },
  }),
  "emailConfig.sendTest": async () => {
    const groupAdmin = { as: "group_admin" };
    const port = await smtpPort();
    const saved = await server.send(
      API.emailConfig.update,
      { send_method: "smtp", smtp_server: "127.0.0.1", auth_method: "none", port },
      groupAdmin,
    );
    if (saved.http !== 200) throw new Error("mail configuration not saved");
    return {
      body: { to: "logged@example.com" },
      options: groupAdmin,
      expected: { actor: "group_admin", target: "email:logged@example.com" },
    };
  },
  // Group profile, group sub-accounts, the group's vendors and their main accounts.
  "groups.modifyProfile": async () => ({
    body: { name: "Demo Group", address: "1 Harbour Road, Singapore", c_app_id: "logged-c", b_app_id: "logged-b" },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: `group:${await demoGroupId()}`, vendorId: null },
  }),
  "groupSubAccounts.create": async () => ({
    body: {
      username: "logged_gsub",
      nickname: "Logged",
      email: "logged_gsub@demo.test",
      password: "secret12",
      confirm_password: "secret12",
    },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: "account:logged_gsub", vendorId: null },
  }),
  "groupSubAccounts.modify": async () => ({
    body: { account_id: await managedAccount("logged_gsub_m", 7), nickname: "Renamed" },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: "account:logged_gsub_m" },
  }),
  "groupSubAccounts.remove": async () => ({
    body: { account_id: await managedAccount("logged_gsub_r", 7) },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: "account:logged_gsub_r" },
  }),
  "vendorAdmin.create": async () => ({
    body: { ...VENDOR_FIELDS, name: "Logged vendor" },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: expect.stringMatching(/^vendor:\d+$/) },
  }),
  "vendorAdmin.modify": async () => {
    const id = await groupVendor("Logged before");
    return {
      body: { ...VENDOR_FIELDS, vendor_id: id, name: "Logged after" },
      options: { as: "group_admin" },
      expected: { actor: "group_admin", target: `vendor:${id}`, vendorId: id },
    };
  },
  "vendorAdmin.remove": async () => {
    const id = await groupVendor("Logged gone");
    return {
      body: { vendor_id: id },
      options: { as: "group_admin" },
      expected: { actor: "group_admin", target: `vendor:${id}` },
    };
  },
  "vendorAccounts.create": async () => ({
    body: {
      vendor_id: await klVendorId(),
      username: "logged_vadmin",
      nickname: "Logged",
      email: "logged_vadmin@demo.test",
      password: "secret12",
      confirm_password: "secret12",
    },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: "account:logged_vadmin" },
  }),
  "vendorAccounts.modify": async () => ({
    body: { account_id: await managedAccount("logged_vadmin_m", 3), status: "disabled" },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: "account:logged_vadmin_m" },
  }),
  "vendorAccounts.remove": async () => ({
    body: { account_id: await managedAccount("logged_vadmin_r", 3) },
    options: { as: "group_admin" },
    expected: { actor: "group_admin", target: "account:logged_vadmin_r" },
  }),
  // Shop alliances and payment QR codes of the Kuala Lumpur vendor.
  "alliances.create": async () => ({
    body: { name: "Logged alliance", type: 1, shop_ids: [(await klShop("Logged member")).shopId] },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^alliance:\d+$/), vendorId: await klVendorId() },
  }),
  "alliances.modify": async () => {
    const id = await klAlliance("Logged alliance before");
    return {
      body: { id, name: "Logged alliance after", type: 2 },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `alliance:${id}` },
    };
  },
  "alliances.setStatus": async () => {
    const id = await klAlliance("Logged alliance status");
    return {
      body: { id, status: 0 },
      // A level-4 account given allia_modify (§6 locks only the query on).
      options: { as: await klSubAccount("log_allia", ["allia_modify"]) },
      expected: { actor: "log_allia", target: `alliance:${id}`, vendorId: await klVendorId() },
    };
  },
  "alliances.remove": async () => {
    const id = await klAlliance("Logged alliance gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `alliance:${id}` },
    };
  },
  // Orders: refunds (delivered later by the outbox) and provider checks of the Kuala Lumpur vendor's orders.
  "orders.refundWechat": async () => orderCall(await klOrder("wechatpay"), { amount: 100, reason: "" }),
  "orders.refundAlipay": async () => orderCall(await klOrder("alipay"), { amount: 100, reason: "" }),
  "orders.refundSandbox": async () => orderCall(await klOrder("sandbox"), { amount: 100, reason: "" }),
  // QRIS takes rupiah only: the check is the Jakarta vendor's (the unrelated tenant), of a rupiah order.
  "orders.checkQris": async () => {
    const jakarta = await jakartaTenant();
    const as = jakarta.vendorAdmin.username;
    const { http } = await server.send(
      API.vendorProfile.modifyPaymentInfo,
      { provider: "qris", enabled: true, fields: { ...restProvider.credentials } },
      { as, ip: nextIp() },
    );
    if (http !== 200) throw new Error("qris not configured");
    const orderNo = `WLOGQRIS${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    const [order] = await server.database.db
      .insert(orders)
      .values({
        vendorId: jakarta.vendor.id,
        source: "qris",
        payType: "1",
        orderNo,
        payUniqueNo: orderNo,
        amount: 25_000,
        currency: "IDR",
        payStatus: 0,
      })
      .returning();
    if (!order) throw new Error("order not created");
    return { body: { order_id: order.id }, options: { as }, expected: { actor: as, target: `order:${order.id}` } };
  },
  "orders.checkFomo": async () => {
    await klRestProvider("fomo");
    return orderCall(await klOrder("fomo", false), {});
  },
  // Members and cards of the Kuala Lumpur vendor.
  "members.create": async () => ({
    body: { phone: `6013${String(Date.now()).slice(-7)}`, name: "Logged new member" },
    options: KL_ADMIN,
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^member:\d+$/), vendorId: await klVendorId() },
  }),
  "members.modify": async () => {
    const id = await klMember();
    return {
      body: { member_id: id, phone: `6014${String(Date.now()).slice(-7)}`, name: "Logged renamed", status: "active" },
      options: KL_ADMIN,
      expected: { actor: "vendor_admin", target: `member:${id}` },
    };
  },
  "members.modifyBalances": async () => {
    const id = await klMember();
    return {
      body: { member_id: id, balance: 500, reward: 0, seen_balance: 0, seen_reward: 0, reason: "Logged adjustment" },
      options: KL_ADMIN,
      expected: { actor: "vendor_admin", target: `member:${id}` },
    };
  },
  "members.giveCoupon": async () => {
    const memberId = await klMember();
    const couponId = await klCoupon();
    return {
      body: { member_ids: [memberId], coupon_id: couponId },
      options: KL_ADMIN,
      expected: { actor: "vendor_admin", target: `coupon:${couponId}` },
    };
  },
  "members.cardCreate": async () => ({
    body: { uuid: "0F1E2D3C", card_number: "LOGGED0001", type: "ordinary" },
    options: KL_ADMIN,
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^card:\d+$/), vendorId: await klVendorId() },
  }),
  "members.cardModify": async () => {
    const card = await klCard();
    return { body: { card_id: card.id, type: "free" }, options: KL_ADMIN, expected: { target: `card:${card.id}` } };
  },
  "members.cardRemove": async () => {
    const card = await klCard();
    return { body: { card_id: card.id }, options: KL_ADMIN, expected: { target: `card:${card.id}` } };
  },
  "members.cardBind": async () => {
    const card = await klCard();
    const memberId = await klMember();
    return {
      body: { card_id: card.id, member_id: memberId },
      options: KL_ADMIN,
      expected: { target: `card:${card.id}` },
    };
  },
  "members.cardUnbind": async () => {
    const memberId = await klMember();
    const card = await klCard({ memberId });
    return {
      body: { card_id: card.id, member_id: memberId },
      options: KL_ADMIN,
      expected: { target: `card:${card.id}` },
    };
  },
  "members.cardTopUp": async () => {
    const card = await klCard();
    return { body: { card_id: card.id, amount: 1_000 }, options: KL_ADMIN, expected: { target: `card:${card.id}` } };
  },
  // The member app: no console actor; the row names the member and the vendor.
  "members.appRegister": async () => {
    const { serial } = await klPayableMachine("Logged register");
    return {
      body: { place: { serial }, phone: `6016${String(Date.now()).slice(-7)}`, pin: "1357" },
      expected: { accountId: null, target: expect.stringMatching(/^member:\d+$/) },
    };
  },
  "members.appSignIn": async () => {
    const app = await klMemberApp("Logged sign-in");
    return {
      body: { place: { serial: app.serial }, phone: app.phone, pin: "2468" },
      expected: { accountId: null, target: `member:${app.memberId}` },
    };
  },
  "members.appTopUp": async () => {
    const app = await klMemberApp("Logged top-up");
    return {
      body: { amount: 1_000, provider: "sandbox", request_id: `logged-${app.memberId}` },
      options: { headers: app.headers },
      expected: { accountId: null, target: `member:${app.memberId}`, vendorId: await klVendorId() },
    };
  },
  "members.appSignOut": async () => {
    const app = await klMemberApp("Logged sign-out");
    return {
      body: {},
      options: { headers: app.headers },
      expected: { accountId: null, target: `member:${app.memberId}`, vendorId: await klVendorId() },
    };
  },
  "members.appChangePin": async () => {
    const app = await klMemberApp("Logged PIN change");
    return {
      body: { old_pin: "2468", new_pin: "8642" },
      options: { headers: app.headers },
      expected: { accountId: null, target: `member:${app.memberId}`, vendorId: await klVendorId() },
    };
  },
  "members.appPay": async () => {
    const app = await klMemberApp("Logged member pay");
    await server.send(
      API.members.appTopUp,
      { amount: 5_000, provider: "sandbox", request_id: `logged-pay-${app.memberId}` },
      { headers: app.headers },
    );
    return {
      body: { serial: app.serial },
      options: { headers: app.headers },
      expected: { accountId: null, target: `member:${app.memberId}`, vendorId: await klVendorId() },
    };
  },
  // The customer's pay page: public calls, so the row has no actor but names the order.
  "pay.create": async () => {
    const { deviceId, serial } = await klPayableMachine("Logged pay");
    return {
      body: { place: { serial }, device_id: deviceId, option: "", provider: "sandbox" },
      expected: { accountId: null, target: expect.stringMatching(/^order:W/) },
    };
  },
  "pay.cancel": async () => {
    const { deviceId } = await klPayableMachine("Logged cancel");
    const order = await klOrder("sandbox", false, deviceId);
    return { body: { order_no: order.orderNo }, expected: { accountId: null, target: `order:${order.orderNo}` } };
  },
  "pay.sandboxPay": async () => {
    const { deviceId } = await klPayableMachine("Logged sandbox");
    const order = await klOrder("sandbox", false, deviceId);
    return { body: { order_no: order.orderNo }, expected: { target: `order:${order.orderNo}` } };
  },
  "payqr.create": async () => {
    const { shopId, deviceId } = await klShop("Logged payqr shop");
    return {
      body: { name: "Logged code", bind_mode: 2, shop_id: shopId, device_id: deviceId },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: expect.stringMatching(/^payqr:\d+$/), vendorId: await klVendorId() },
    };
  },
  "payqr.update": async () => {
    const id = await klPayQr("Logged code before");
    return {
      body: { id, name: "Logged code after" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `payqr:${id}` },
    };
  },
  "payqr.bindMode": async () => {
    const id = await klPayQr("Logged code bind");
    const { shopId, deviceId } = await klShop("Logged bind shop");
    return {
      body: { id, bind_mode: 2, shop_id: shopId, device_id: deviceId },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `payqr:${id}` },
    };
  },
  "payqr.remove": async () => {
    const id = await klPayQr("Logged code gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `payqr:${id}` },
    };
  },
  // Locations and shops of the Kuala Lumpur vendor.
  "locations.create": async () => ({
    body: { name: "Logged location", address: "1 Logged road" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^location:\d+$/), vendorId: await klVendorId() },
  }),
  "locations.modify": async () => {
    const id = await klLocation("Logged location before");
    return {
      body: { id, name: "Logged location after", address: "2 Logged road" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `location:${id}` },
    };
  },
  "locations.remove": async () => {
    const id = await klLocation("Logged location gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `location:${id}` },
    };
  },
  "shops.create": async () => ({
    body: { name: "Logged shop", address: "1 Logged road", service_type: 1, mqtt_password: "logged-secret" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^shop:\d+$/), vendorId: await klVendorId() },
  }),
  "shops.modify": async () => {
    const id = await klBareShop("Logged shop before");
    return {
      body: { id, name: "Logged shop after", address: "Logged shop before road", service_type: 1, payment_id: "pay-1" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `shop:${id} changed:name,payment_id` },
    };
  },
  "shops.remove": async () => {
    const id = await klBareShop("Logged shop gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `shop:${id}` },
    };
  },

  // Washer catalogue and price templates: records made through the API from another address first.
  "washerCatalogue.createBrand": async () => ({
    body: { manufacturer: "Logged Works", brand: "Logged brand", alias: "LB", logo_url: "/washer-logos/logged.svg" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^washer_brand:\d+$/) },
  }),
  "washerCatalogue.modifyBrand": async () => {
    const id = await madeWasherBrand("Logged brand before");
    return {
      body: { id, manufacturer: "Logged Works", brand: "Logged brand after", alias: "LB", logo_url: "/x.svg" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `washer_brand:${id}` },
    };
  },
  "washerCatalogue.removeBrand": async () => {
    const id = await madeWasherBrand("Logged brand gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `washer_brand:${id}` },
    };
  },
  "washerCatalogue.createModel": async () => ({
    body: { brand_id: await loggedWasherBrand(), name: "Logged model", machine_type: "washer" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^washer_model:\d+$/) },
  }),
  "washerCatalogue.modifyModel": async () => {
    const brandId = await loggedWasherBrand();
    const id = await madeWasherModel("Logged model before", brandId);
    return {
      body: { id, brand_id: brandId, name: "Logged model after", machine_type: "dryer" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `washer_model:${id}` },
    };
  },
  "washerCatalogue.removeModel": async () => {
    const id = await madeWasherModel("Logged model gone", await loggedWasherBrand());
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `washer_model:${id}` },
    };
  },
  "washerCatalogue.createControlTemplate": async () => ({
    body: { name: "Logged template", data_head: "AA 55", data_body: "{pulses}" },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^control_template:\d+$/) },
  }),
  "washerCatalogue.modifyControlTemplate": async () => {
    const id = await madeControlTemplate("Logged template before");
    return {
      body: { id, name: "Logged template after", data_head: "AB", data_body: "y" },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `control_template:${id}` },
    };
  },
  "washerCatalogue.removeControlTemplate": async () => {
    const id = await madeControlTemplate("Logged template gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `control_template:${id}` },
    };
  },
  "priceTemplates.create": async () => ({
    body: { model_name: "Logged price", display_price: 500, price: 400, estimated_minutes: 25 },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: expect.stringMatching(/^price_template:\d+$/) },
  }),
  "priceTemplates.modify": async () => {
    const id = await madePriceTemplate("Logged price before");
    return {
      body: { id, model_name: "Logged price after", display_price: 600, price: 500, estimated_minutes: 30 },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `price_template:${id}` },
    };
  },
  "priceTemplates.remove": async () => {
    const id = await madePriceTemplate("Logged price gone");
    return {
      body: { id },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `price_template:${id}` },
    };
  },
  "priceTemplates.assign": async () => {
    const id = await madePriceTemplate("Logged price assigned");
    const [device] = await server.database.db
      .insert(devices)
      .values({ vendorId: await klVendorId(), serialNumber: "SN-LOGGED-PRICE", machineType: "washer" })
      .returning();
    return {
      body: { id, device_ids: [device?.id ?? 0] },
      options: { as: "vendor_admin" },
      expected: { actor: "vendor_admin", target: `price_template:${id}` },
    };
  },
  // Device commands to a machine that is offline: restart waits for it, remote start fails at once;
  // either way the call itself succeeded and is logged.
  "devices.reboot": async () => {
    const { deviceId } = await klShop("Logged reboot");
    return {
      body: { device_ids: [deviceId] },
      options: { as: "vendor_admin" },
      expected: { target: `device:${deviceId}` },
    };
  },
  "devices.remoteStart": async () => {
    const { deviceId } = await klShop("Logged start");
    return {
      body: { device_ids: [deviceId], start_type: "free_start", program: "Quick", price: 0 },
      options: { as: "vendor_admin" },
      expected: { target: `device:${deviceId}` },
    };
  },
  "devices.coinCollection": async () => {
    const { shopId } = await klShop("Logged audit");
    return {
      body: { shop_id: shopId, action: "audit" },
      options: { as: "vendor_admin" },
      expected: { target: `shop:${shopId}` },
    };
  },
  "devices.bindShop": async () => {
    const { shopId, deviceId } = await klShop("Logged bind");
    return {
      body: { device_id: deviceId, shop_id: shopId },
      options: { as: "vendor_admin" },
      expected: { target: `device:${deviceId}` },
    };
  },
  "devices.unbind": async () => {
    const { deviceId } = await klShop("Logged unbind");
    return {
      body: { device_id: deviceId },
      options: { as: "group_admin" },
      expected: { target: `device:${deviceId}` },
    };
  },
  "devices.claim": async () => {
    const made = await provisionDevice(server.database.db, { serialNumber: "LOG-UNCLAIMED", machineType: "washer" });
    return {
      body: { serial_number: made.serial, claim_code: made.claimCode ?? "" },
      options: { as: "vendor_admin" },
      expected: { target: `device:${made.serial}` },
    };
  },
  "devices.bluetoothTicket": async () => {
    const made = await provisionDevice(server.database.db, {
      vendorId: await klVendorId(),
      serialNumber: "LOG-BT-TICKET",
      machineType: "dryer",
    });
    return {
      body: { serial_number: made.serial, program: "Dry", price: 0 },
      options: { as: "vendor_admin" },
      expected: { target: `device:${made.serial}` },
    };
  },
  "devices.bluetoothAnswer": async () => {
    const made = await provisionDevice(server.database.db, {
      vendorId: await klVendorId(),
      serialNumber: "LOG-BT-ANSWER",
      machineType: "dryer",
    });
    const ticket = await server.send(
      API.devices.bluetoothTicket,
      { serial_number: made.serial, program: "Dry", price: 0 },
      { as: "vendor_admin" },
    );
    const id = ticket.body.result.command.id;
    const frame = await sealAck(await bluetoothKeyOfSecret(made.secret), { v: 1, id, ok: true });
    return {
      body: { command_id: id, frame },
      options: { as: "vendor_admin" },
      expected: { target: `device:${made.id}` },
    };
  },
  "reports.subscribe": async () => {
    // The group's mail settings exist (through the API, from the default address).
    await klSubscription();
    return {
      body: { report: "form_point", email: "logged-new@demo.test", frequency: "monthly", language: "de" },
      options: KL_ADMIN,
      expected: {
        actor: "vendor_admin",
        target: expect.stringMatching(/^report_subscription:\d+ form_point monthly$/),
      },
    };
  },
  "reports.unsubscribe": async () => {
    const id = await klSubscription();
    return {
      body: { id },
      options: KL_ADMIN,
      expected: { actor: "vendor_admin", target: `report_subscription:${id} form_point weekly` },
    };
  },
  "reports.sendNow": async () => {
    const id = await klSubscription();
    return {
      body: { id },
      options: KL_ADMIN,
      expected: { actor: "vendor_admin", target: `report_subscription:${id}` },
    };
  },
  "devices.setMoneyLimits": async () => ({
    body: { max_cycle_amount: 50_000, max_top_up_amount: null },
    options: { as: "vendor_admin" },
    expected: { actor: "vendor_admin", target: `vendor:${await klVendorId()}` },
  }),
  "devices.updateShadow": async () => {
    const { deviceId } = await klShop("Logged params");
    return {
      body: { device_ids: [deviceId], params: { price: 500 } },
      options: { as: "vendor_admin" },
      expected: { target: `device:${deviceId}` },
    };
  },
};

/** Payloads for read-only calls that need one (a record id) to succeed. */
const READ_ONLY_PAYLOADS: Record<string, () => Promise<Record<string, unknown>>> = {
  "subAccounts.permissions": async () => ({ id: await accountId("vendor_sub") }),
  "payqr.bindDevices": async () => ({ shop_id: (await klShop("Logged devices shop")).shopId }),
  "devices.qrCodes": async () => ({ device_ids: [(await klShop("Logged stickers")).deviceId] }),
  "orders.refunds": async () => ({ order_id: (await klOrder("wechatpay")).id }),
  "orders.byPayUniqueNo": async () => ({ pay_unique_no: (await klOrder("sandbox")).payUniqueNo }),
  // An export writes its file and nothing else.
  ...Object.fromEntries(
    ORDER_SCREENS.map((s) => [`orders.export_${s.source}`, async () => ({ format: "csv", language: "en" })]),
  ),
  "revenue.earningsMonth": async () => ({ from: "2026-01", to: "2026-03" }),
  "revenue.shopEarnings": async () => ({ from: "2026-01-01", to: "2026-01-31" }),
  "revenue.deviceRevenue": async () => ({ month: "2026-01" }),
  "revenue.consumption": async () => ({ from: "2026-01-01", to: "2026-01-31" }),
  "revenue.otherIncome": async () => ({ from: "2026-01-01", to: "2026-01-31" }),
  ...Object.fromEntries(
    Object.keys(formReportEndpoints).map((call) => [
      `reports.${call}`,
      async () => ({ from: "2026-01-01", to: "2026-01-31" }),
    ]),
  ),
  "pay.page": async () => ({ serial: (await klPayableMachine("Logged page")).serial }),
  "members.detail": async () => ({ member_id: await klMember() }),
  "members.movements": async () => ({ member_id: await klMember() }),
  "members.byCardNumber": async () => ({ card_number: (await klCard({ memberId: await klMember() })).card_number }),
  "members.cardByUuid": async () => ({ uuid: (await klCard()).uuid }),
  "members.memberCoupons": async () => ({ member_id: await klMember() }),
  "members.couponByUniqueDid": async () => {
    const memberId = await klMember();
    await server.send(API.members.giveCoupon, { member_ids: [memberId], coupon_id: await klCoupon() }, KL_ADMIN);
    const held = await server.send(API.members.memberCoupons, { member_id: memberId }, KL_ADMIN);
    return { unique_did: held.body.result.items[0]?.unique_did ?? "" };
  },
  "members.cardMovements": async () => ({ card_id: (await klCard({ balance: 100 })).id }),
  "pay.status": async () => {
    const { deviceId } = await klPayableMachine("Logged status");
    return { order_no: (await klOrder("sandbox", false, deviceId)).orderNo };
  },
};

describe("operation log", () => {
  it("has a successful call for every mutating contract to check", () => {
    expect(MUTATING.length).toBeGreaterThan(0);
    for (const contract of MUTATING) {
      expect(Object.keys(SUCCESSFUL_CALLS), contract.path).toContain(endpointId(contract));
    }
  });

  it("writes one success row per mutating call with actor, action, target and address", async () => {
    for (const contract of MUTATING) {
      const make = SUCCESSFUL_CALLS[endpointId(contract)];
      if (!make) continue;
      const ip = nextIp();
      const { body, options, expected, send } = await make();
      const answer = send ? await send(ip) : await server.send(contract, body, { ...options, ip });
      expect(answer.http, contract.path).toBe(200);
      const rows = await rowsFrom(ip);
      expect(rows, contract.path).toHaveLength(1);
      expect(rows[0], contract.path).toMatchObject({
        action: endpointId(contract),
        outcome: "success",
        errorCode: null,
        ip,
        ...expected,
      });
      expect(Math.abs((rows[0]?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    }
  });

  it("writes one failure row with the error code for a refused mutating call", async () => {
    for (const contract of MUTATING) {
      const ip = nextIp();
      // No token and no payload: refused by the session check or by validation.
      const answer = await server.sendRaw(contract, {}, { ip });
      expect(answer.http, contract.path).toBeGreaterThanOrEqual(400);
      const rows = await rowsFrom(ip);
      expect(rows, contract.path).toHaveLength(1);
      expect(rows[0], contract.path).toMatchObject({
        action: endpointId(contract),
        outcome: "failure",
        errorCode: answer.body.code,
        ip,
      });
    }
  });

  it("records the signed-in actor and tenant of a refused call", async () => {
    const ip = nextIp();
    const answer = await server.send(API.auth.modifyOwn, { old_pwd: "wrong123", nickname: "X" }, { ...KL_ADMIN, ip });
    expect(answer.body.code).toBe("OLD_PASSWORD_WRONG");
    const kl = { id: await klVendorId() };
    const rows = await rowsFrom(ip);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: "vendor_admin",
      accountId: await accountId("vendor_admin"),
      vendorId: kl?.id,
      target: "account:vendor_admin",
      outcome: "failure",
      errorCode: "OLD_PASSWORD_WRONG",
    });
  });

  it("writes nothing for read-only calls, whether they succeed or fail", async () => {
    expect(READ_ONLY.length).toBeGreaterThan(0);
    for (const contract of READ_ONLY) {
      const caller: SendOptions = {};
      if (contract.access.kind === "session") {
        const level = (contract.access.levels ?? [3])[0] ?? 3;
        caller.as = USER_OF_LEVEL[level];
      }
      if (contract.access.kind === "member")
        caller.headers = (await klMemberApp(`Logged reader ${endpointId(contract)}`)).headers;
      const ip = nextIp();
      const payload = (await READ_ONLY_PAYLOADS[endpointId(contract)]?.()) ?? {};
      const ok = await server.send(contract, payload, { ...caller, ip });
      expect(ok.http, contract.path).toBe(200);
      if (contract.access.kind !== "public") {
        const refused = await server.sendRaw(contract, {}, { ip });
        expect(refused.body.code, contract.path).toBe("UNAUTHORIZED");
      }
      expect(await rowsFrom(ip), contract.path).toHaveLength(0);
    }
  });
});
