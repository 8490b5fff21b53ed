import { ALL_ENDPOINTS, API, type EndpointContract, endpointId } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOf, loadCallExamples } from "../../test/call-examples.js";
import { type ExampleKit, exampleKit, type MemberApp } from "../../test/example-kit.js";
import { type SendOptions, startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { type PayPalFake, startPayPalFake } from "../orders/providers/fakes/paypal-fake.js";
import { type SignedRestFake, startSignedRestFake } from "../orders/providers/fakes/signed-rest-fake.js";
import { operationLog } from "./tables.js";

/**
 * The operation log, generated from the registry. Every call that changes data, made as its module's
 * example says (`modules/<domain>/test-call-examples.ts`) by a demo account its contract lets in,
 * leaves exactly one row under the label its contract declares, naming the account that acted, its
 * tenant and the record; refused, it leaves one failure row with the error code; a call that reads
 * leaves none. A new call is covered the moment it exists: without an example, the first test fails.
 */

const MUTATING = ALL_ENDPOINTS.filter((c) => c.mutates);
const READ_ONLY = ALL_ENDPOINTS.filter((c) => !c.mutates);
const examples = await loadCallExamples();

let server: TestServer;
/** check_order asks a provider: a fake of the signed REST scheme FOMO and QRIS speak. */
let restProvider: SignedRestFake;
/** A renewal is paid to the platform's PayPal account: a fake PayPal. */
let paypal: PayPalFake;
let kit: ExampleKit & { close(): Promise<void> };

beforeAll(async () => {
  restProvider = await startSignedRestFake();
  paypal = await startPayPalFake();
  // send_test_email goes to a capturing SMTP server on loopback.
  server = await startTestServer({
    smtpAllowPrivate: true,
    paymentBaseUrls: { fomo: restProvider.baseUrl, qris: restProvider.baseUrl, paypal: paypal.baseUrl },
    subscriptionPayPal: {
      clientId: paypal.credentials.client_id,
      clientSecret: paypal.credentials.client_secret,
      webhookId: paypal.credentials.webhook_id,
    },
  });
  kit = exampleKit(server, restProvider);
});
afterAll(async () => {
  await kit.close();
  await server.close();
  await restProvider.close();
  await paypal.close();
});

/** Every call here comes from its own address, so its rows are told apart from those of what it needed. */
let lastAddress = 0;
const nextIp = () => {
  lastAddress += 1;
  return `10.60.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};
const rowsFrom = (ip: string) => server.database.db.select().from(operationLog).where(eq(operationLog.ip, ip));

/** What a row says of an account acting: its name, its id and its tenant (its vendor, or its group). */
async function actingAccount(username: string) {
  const [account] = await server.database.db.select().from(accounts).where(eq(accounts.username, username));
  if (!account) throw new Error(`no account ${username}`);
  const tenant = account.vendorId !== null ? { vendorId: account.vendorId } : { groupId: account.groupId };
  return { actor: username, accountId: account.id, ...tenant };
}

/** How a caller is sent: a demo account by name, a member's app session, or no one. */
const sentAs = (caller: string | MemberApp | undefined, ip: string): SendOptions =>
  typeof caller === "string" ? { as: caller, ip } : caller ? { headers: caller.headers, ip } : { ip };

/** A member-app session for the calls that read, made once. */
let reader: MemberApp | undefined;
async function callerOfReading(contract: EndpointContract): Promise<string | MemberApp | undefined> {
  if (contract.access.kind !== "member") return callerOf(contract);
  reader ??= await kit.memberApp();
  return reader;
}

describe("operation log", () => {
  it("has an example of every call that changes data", () => {
    expect(MUTATING.length).toBeGreaterThan(0);
    expect(MUTATING.filter((c) => !examples.has(c)).map(endpointId), "calls with no example").toEqual([]);
  });

  for (const contract of MUTATING) {
    const id = endpointId(contract);
    it(`${id}: a call that succeeds leaves one row under its label, naming who acted, the tenant and the record`, async () => {
      const example = examples.get(contract);
      if (!example) return; // named by the test above
      const call = await example(kit);
      const ip = nextIp();
      const caller = call.as ?? callerOf(contract);
      const answer = call.send ? await call.send(ip) : await server.send(contract, call.body, sentAs(caller, ip));
      expect(answer.http, JSON.stringify("body" in answer ? answer.body : answer)).toBe(200);

      const rows = await rowsFrom(ip);
      expect(rows).toHaveLength(1);
      // A member acts for their vendor (the examples' members are Kuala Lumpur's); a public call has no account.
      const acting =
        typeof caller === "string"
          ? await actingAccount(caller)
          : { accountId: null, ...(caller ? { vendorId: await kit.klVendorId() } : {}) };
      expect(rows[0]).toMatchObject({
        action: contract.log,
        outcome: "success",
        errorCode: null,
        ip,
        ...acting,
        ...call.logged,
      });
      expect(rows[0]?.target, "the record").not.toBe("");
      const record = (call.body as { id?: unknown }).id;
      if (typeof record === "number") expect(rows[0]?.target).toContain(`:${record}`);
      expect(Math.abs((rows[0]?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });
  }

  it("a refused call leaves one failure row with the error code", async () => {
    for (const contract of MUTATING) {
      const ip = nextIp();
      // No token and no payload: refused by the session check or by validation.
      const answer = await server.sendRaw(contract, {}, { ip });
      expect(answer.http, endpointId(contract)).toBeGreaterThanOrEqual(400);
      const rows = await rowsFrom(ip);
      expect(rows, endpointId(contract)).toHaveLength(1);
      expect(rows[0], endpointId(contract)).toMatchObject({
        action: contract.log,
        outcome: "failure",
        errorCode: answer.body.code,
        ip,
      });
    }
  });

  it("a signed-in caller's refused call names them and their tenant", async () => {
    const refusable = MUTATING.filter((c) => c.access.kind === "session" && !c.body.safeParse({}).success);
    expect(refusable.length).toBeGreaterThan(0);
    for (const contract of refusable) {
      const ip = nextIp();
      const caller = callerOf(contract) ?? "";
      // Let in, then refused by validation: the payload lacks what the call needs.
      const answer = await server.sendRaw(contract, {}, { as: caller, ip });
      expect(answer.http, endpointId(contract)).toBe(400);
      const rows = await rowsFrom(ip);
      expect(rows, endpointId(contract)).toHaveLength(1);
      expect(rows[0], endpointId(contract)).toMatchObject({
        action: contract.log,
        outcome: "failure",
        errorCode: answer.body.code,
        ...(await actingAccount(caller)),
      });
    }
  });

  it("a call that reads leaves no row, let in or refused", async () => {
    expect(READ_ONLY.length).toBeGreaterThan(0);
    for (const contract of READ_ONLY) {
      const ip = nextIp();
      await server.sendRaw(contract, {}, sentAs(await callerOfReading(contract), ip));
      if (contract.access.kind !== "public") {
        const refused = await server.sendRaw(contract, {}, { ip });
        expect(refused.body.code, endpointId(contract)).toBe("UNAUTHORIZED");
      }
      expect(await rowsFrom(ip), endpointId(contract)).toHaveLength(0);
    }
  });
});

describe("what a row says of the record", () => {
  it("a change of the vendor's contact names the fields it changed, never their values", async () => {
    const ip = nextIp();
    const body = { phone: "+60 3-1234 5678", home_page: "https://contact.example.test" };
    await server.send(API.vendorProfile.modifyContact, body, { as: "vendor_admin", ip });
    const [row] = await rowsFrom(ip);
    expect(row?.target).toBe(`vendor:${await kit.klVendorId()} phone,home_page`);
  });

  it("a member's call names the member; a customer's payment names its order", async () => {
    const app = await kit.memberApp();
    const pinIp = nextIp();
    await server.send(API.members.appChangePin, { old_pin: app.pin, new_pin: "9753" }, sentAs(app, pinIp));
    expect((await rowsFrom(pinIp))[0]?.target).toBe(`member:${app.memberId}`);

    const { deviceId } = await kit.payableMachine();
    const order = await kit.order("sandbox", { paid: false, deviceId });
    const cancelIp = nextIp();
    await server.send(API.pay.cancel, { order_no: order.orderNo }, { ip: cancelIp });
    expect((await rowsFrom(cancelIp))[0]?.target).toBe(`order:${order.orderNo}`);
  });
});
