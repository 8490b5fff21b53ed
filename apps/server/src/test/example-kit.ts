import { randomBytes } from "node:crypto";
import { API, type BodyOf, type EndpointContract, type OrderSource, type ResultOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { accounts } from "../modules/accounts/tables.js";
import { provisionDevice } from "../modules/devices/provision.js";
import { devices } from "../modules/devices/tables.js";
import { coupons } from "../modules/members/tables.js";
import type { SignedRestFake } from "../modules/orders/providers/fakes/signed-rest-fake.js";
import { orders } from "../modules/orders/tables.js";
import { switchOn } from "../modules/orders/test-orders.js";
import { priceTemplates } from "../modules/price-templates/tables.js";
import { shops } from "../modules/shops/tables.js";
import { demoVendors, type OtherTenant, otherTenant } from "./fixtures.js";
import type { TestServer } from "./harness.js";

/** A member signed in to the member app at a Kuala Lumpur machine. */
export interface MemberApp {
  serial: string;
  phone: string;
  pin: string;
  memberId: number;
  headers: Record<string, string>;
}

/** A Kuala Lumpur shop with one washer. */
export interface KlMachine {
  shopId: number;
  deviceId: number;
  serial: string;
}

/**
 * What the call examples make before their call: records through the API where it can make them,
 * and straight in the database what no console call makes (machines, orders, coupons). Examples act
 * in the Kuala Lumpur demo vendor; everything they make is named uniquely, so no two collide.
 */
export interface ExampleKit {
  readonly server: TestServer;
  /** A provider fake of the signed REST scheme (FOMO, QRIS), which the server is pointed at. */
  readonly restProvider: SignedRestFake;
  /** A name unique to this run, beginning with `prefix`. */
  unique(prefix: string): string;
  klVendorId(): Promise<number>;
  demoGroupId(): Promise<number>;
  accountId(username: string): Promise<number>;
  /** A record made through the API (as vendor_admin unless `as`), from an address of its own; answers the result. */
  made<C extends EndpointContract>(contract: C, body: BodyOf<C>, as?: string): Promise<ResultOf<C>>;
  /** A Kuala Lumpur shop with one washer, offline. */
  machine(): Promise<KlMachine>;
  /** The same, payable: online, on a price template of 7.00, with the sandbox switched on. */
  payableMachine(): Promise<KlMachine>;
  /** An order through `provider`, paid unless said: of 10.00 MYR at the Kuala Lumpur vendor unless said. */
  order(
    provider: OrderSource,
    options?: { paid?: boolean; deviceId?: number; vendor?: number; amount?: number; currency?: string },
  ): Promise<{ id: number; orderNo: string; payUniqueNo: string }>;
  /** A machine the factory made: unclaimed, or already the Kuala Lumpur vendor's. */
  provisioned(options: {
    klVendor: boolean;
  }): Promise<{ id: number; serial: string; secret: string; claimCode: string }>;
  /** A member registered in the app at a payable Kuala Lumpur machine, and signed in. */
  memberApp(): Promise<MemberApp>;
  /** A voucher coupon of the Kuala Lumpur vendor, made straight in the database (quicker than its call). */
  coupon(): Promise<number>;
  /** The unrelated tenant (Jakarta, IDR), made once. */
  otherTenant(): Promise<OtherTenant>;
  /** The port of a local SMTP server that takes any mail, started once. */
  smtpPort(): Promise<number>;
}

/** A kit over `server`; `close` stops what it started. */
export function exampleKit(server: TestServer, restProvider: SignedRestFake): ExampleKit & { close(): Promise<void> } {
  const { db } = server.database;
  const run = randomBytes(3).toString("hex").toUpperCase();
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}${run}${++sequence}`;
  let other: OtherTenant | undefined;
  let smtp: SMTPServer | undefined;
  // Member registrations are limited per address: each from one of its own.
  let memberAddress = 0;

  const klVendorId = async () => (await demoVendors(server.database)).kl.id;

  async function machine(): Promise<KlMachine> {
    const vendorId = await klVendorId();
    const name = unique("Example ");
    const [shop] = await db
      .insert(shops)
      .values({ vendorId, name, address: `${name} road`, serviceType: 1 })
      .returning();
    if (!shop) throw new Error("shop not created");
    const serial = unique("EX-");
    const [device] = await db
      .insert(devices)
      .values({ vendorId, shopId: shop.id, name: `${name} washer`, serialNumber: serial, machineType: "washer" })
      .returning();
    if (!device) throw new Error("device not created");
    return { shopId: shop.id, deviceId: device.id, serial };
  }

  async function payableMachine(): Promise<KlMachine> {
    const vendorId = await klVendorId();
    const made = await machine();
    const [template] = await db
      .insert(priceTemplates)
      .values({ vendorId, modelName: unique("Example wash "), displayPrice: 700, price: 700, estimatedMinutes: 30 })
      .returning();
    await db
      .update(devices)
      .set({ presence: "online", priceTemplateId: template?.id ?? null })
      .where(eq(devices.id, made.deviceId));
    await switchOn(db, vendorId, "sandbox");
    return made;
  }

  const kit: ExampleKit & { close(): Promise<void> } = {
    server,
    restProvider,
    unique,
    klVendorId,
    demoGroupId: async () => (await demoVendors(server.database)).groupId,
    async accountId(username) {
      const [row] = await db.select().from(accounts).where(eq(accounts.username, username));
      if (!row) throw new Error(`no account ${username}`);
      return row.id;
    },
    async made(contract, body, as = "vendor_admin") {
      const { http, body: answer } = await server.send(contract, body, { as });
      if (http !== 200) throw new Error(`not made: ${JSON.stringify(answer)}`);
      return answer.result;
    },
    machine,
    payableMachine,
    async order(provider, { paid = true, deviceId, vendor, amount = 1_000, currency = "MYR" } = {}) {
      const orderNo = unique("WEX");
      const [row] = await db
        .insert(orders)
        .values({
          vendorId: vendor ?? (await klVendorId()),
          source: provider,
          payType: "1",
          orderNo,
          payUniqueNo: orderNo,
          amount,
          currency,
          payStatus: paid ? 1 : 0,
          paidAt: paid ? new Date() : null,
          ...(deviceId ? { deviceId, startType: "online_payment", purchase: { program: "Wash", minutes: 30 } } : {}),
        })
        .returning();
      if (!row) throw new Error("order not created");
      return { id: row.id, orderNo: row.orderNo, payUniqueNo: row.payUniqueNo ?? orderNo };
    },
    async provisioned({ klVendor }) {
      const made = await provisionDevice(db, {
        ...(klVendor ? { vendorId: await klVendorId() } : {}),
        serialNumber: unique("EX-P-"),
        machineType: "dryer",
      });
      return { ...made, claimCode: made.claimCode ?? "" };
    },
    async memberApp() {
      const { serial } = await payableMachine();
      const phone = `6017${String(Date.now()).slice(-5)}${String(++sequence).padStart(3, "0")}`;
      const member = { place: { serial }, phone, pin: "2468" };
      const ip = `10.62.0.${++memberAddress}`;
      await server.send(API.members.appRegister, member, { ip });
      const { http, body } = await server.send(API.members.appSignIn, member, { ip });
      if (http !== 200) throw new Error(`member not signed in: ${JSON.stringify(body)}`);
      return {
        serial,
        phone,
        pin: member.pin,
        memberId: body.result.member_id,
        headers: { authorization: `Bearer ${body.result.member_token}` },
      };
    },
    async coupon() {
      const [row] = await db
        .insert(coupons)
        .values({ vendorId: await klVendorId(), kind: "voucher", name: unique("Voucher "), amount: 200, validDays: 14 })
        .returning();
      if (!row) throw new Error("coupon not created");
      return row.id;
    },
    async otherTenant() {
      other ??= await otherTenant(server.database);
      return other;
    },
    async smtpPort() {
      if (!smtp) {
        const started = new SMTPServer({ disabledCommands: ["STARTTLS"], authOptional: true, logger: false });
        await new Promise<void>((resolve) => started.listen(0, "127.0.0.1", () => resolve()));
        smtp = started;
      }
      return (smtp.server.address() as { port: number }).port;
    },
    async close() {
      const started = smtp;
      if (started) await new Promise<void>((resolve) => started.close(() => resolve()));
    },
  };
  return kit;
}
