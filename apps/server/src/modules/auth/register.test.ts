import { API, type BodyOf } from "@washboard/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { accounts } from "../accounts/tables.js";
import { vendors } from "../tenancy/tables.js";

const PER_HOUR = 2;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ registrationsPerAddressPerHour: PER_HOUR });
});
afterAll(() => server.close());

/** Each test registers from its own address, so the per-address limit only bites where it is tested. */
let lastAddress = 0;
const nextIp = () => `10.40.0.${++lastAddress}`;

type Registration = BodyOf<typeof API.auth.register>;

const merchant = {
  merchant_name: "Sunny Suds Singapore",
  currency: "SGD",
  language: "zh-cn",
  time_zone: "Asia/Singapore",
} as const;
const quick = (browserId: string, extra: Partial<Registration> = {}): Registration => ({
  mode: "quick",
  browser_id: browserId,
  ...merchant,
  ...extra,
});
const manual = (extra: Partial<Registration> = {}): Registration => ({
  mode: "manual",
  ...merchant,
  username: "sunny_owner",
  password: "secret12",
  confirm_password: "secret12",
  ...extra,
});

describe("POST /api/Auth/register", () => {
  it("quick mode creates a level-3 account and its vendor, signs it in and returns a password that works", async () => {
    const { http, body } = await server.send(API.auth.register, quick("browser-0123456789_AB"), { ip: nextIp() });
    expect(http).toBe(200);
    const result = body.result;
    expect(result).toMatchObject({ level: 3, group_id: null, roles: ["3"] });
    expect(result.vendor_id).toEqual(expect.any(Number));
    expect(result.generated_password).toEqual(expect.any(String));

    const info = await server.send(API.auth.accountInfo, {}, { token: result.token });
    expect(info.http).toBe(200);
    expect(info.body.result.account).toMatchObject({ username: result.username, level: 3 });
    expect(info.body.result.vendor).toEqual({ id: result.vendor_id, name: "Sunny Suds Singapore" });
    expect(info.body.result.common_info).toEqual({
      currency: "SGD",
      hide_symbol: "0",
      time_zone: "Asia/Singapore",
      language: "zh-cn",
    });

    const [vendor] = await server.database.db
      .select()
      .from(vendors)
      .where(eq(vendors.id, result.vendor_id ?? -1));
    expect(vendor).toMatchObject({ currency: "SGD", language: "zh-cn", timeZone: "Asia/Singapore", groupId: null });

    const login = await server.send(
      API.auth.login,
      { login: result.username, password: result.generated_password ?? "" },
      { ip: nextIp() },
    );
    expect(login.http).toBe(200);
    expect(login.body.result.vendor_id).toBe(result.vendor_id);
  });

  it("refuses a second quick registration from the same browser with 409 ALREADY_REGISTERED", async () => {
    const browserId = "same-browser-000000000001";
    expect((await server.send(API.auth.register, quick(browserId), { ip: nextIp() })).http).toBe(200);
    const vendorsBefore = (await server.database.db.select().from(vendors)).length;
    const { http, body } = await server.send(API.auth.register, quick(browserId, { merchant_name: "Other" }), {
      ip: nextIp(),
    });
    expect(http).toBe(409);
    expect(body).toMatchObject({ status: 409, code: "ALREADY_REGISTERED" });
    // The refused registration left no half-made vendor behind.
    expect((await server.database.db.select().from(vendors)).length).toBe(vendorsBefore);
  });

  it("checks the browser identifier of quick mode: present, 16 to 128 of [A-Za-z0-9_-]", async () => {
    const { browser_id: _omitted, ...withoutId } = quick("unused");
    const missing = await server.send(API.auth.register, withoutId, { ip: nextIp() });
    expect(missing.http).toBe(400);
    expect(missing.body).toMatchObject({ code: "VALIDATION_FAILED", field: "browser_id" });
    for (const bad of ["a".repeat(15), "a".repeat(129), "has spaces in it!!", "ünïcödé-browser-id"]) {
      const { http, body } = await server.send(API.auth.register, quick(bad), { ip: nextIp() });
      expect(http, bad).toBe(400);
      expect(body, bad).toMatchObject({
        code: "VALIDATION_FAILED",
        field: "browser_id",
        message_key: "validation.browserId",
      });
    }
    for (const good of ["A".repeat(16), `${"-_9".repeat(42)}xy`]) {
      const { http } = await server.send(API.auth.register, quick(good), { ip: nextIp() });
      expect(http, good).toBe(200);
    }
  });

  it("manual mode registers with the chosen username and password", async () => {
    const { http, body } = await server.send(API.auth.register, manual(), { ip: nextIp() });
    expect(http).toBe(200);
    expect(body.result).toMatchObject({ username: "sunny_owner", level: 3 });
    expect(body.result.generated_password).toBeUndefined();
    const [account] = await server.database.db.select().from(accounts).where(eq(accounts.username, "sunny_owner"));
    expect(account).toMatchObject({ level: 3, vendorId: body.result.vendor_id, browserId: null });
    expect(await server.login("sunny_owner", "secret12")).toEqual(expect.any(String));
  });

  it("refuses a taken username whatever its case with 409 RECORD_EXISTS", async () => {
    const vendorsBefore = (await server.database.db.select().from(vendors)).length;
    const { http, body } = await server.send(API.auth.register, manual({ username: "VENDOR_ADMIN" }), { ip: nextIp() });
    expect(http).toBe(409);
    expect(body).toMatchObject({ status: 409, code: "RECORD_EXISTS", field: "username" });
    expect((await server.database.db.select().from(vendors)).length).toBe(vendorsBefore);
  });

  it("validates the manual credentials and the merchant's currency, language and time zone", async () => {
    const cases = [
      [manual({ confirm_password: "secret13" }), "confirm_password", "validation.passwordMismatch"],
      [manual({ password: "abc12", confirm_password: "abc12" }), "password", "validation.accountPassword"],
      [manual({ username: "no" }), "username", "validation.username"],
      [manual({ currency: "XXX" }), "currency", "validation.currency"],
      [quick("valid-browser-id-0001", { currency: "myr" }), "currency", "validation.currency"],
      [manual({ time_zone: "Mars/Olympus_Mons" }), "time_zone", "validation.timeZone"],
      [{ ...manual(), language: "klingon" }, "language", "validation.language"],
      [manual({ merchant_name: "   " }), "merchant_name", "validation.required"],
    ] as const;
    for (const [payload, field, key] of cases) {
      const { http, body } = await server.sendRaw(API.auth.register, payload, { ip: nextIp() });
      expect(http, JSON.stringify(payload)).toBe(400);
      expect(body, JSON.stringify(payload)).toMatchObject({ code: "VALIDATION_FAILED", field, message_key: key });
    }
    const [account] = await server.database.db
      .select()
      .from(accounts)
      .where(eq(accounts.browserId, "valid-browser-id-0001"));
    expect(account).toBeUndefined();
  });

  it("limits registrations per address per hour with 429 RATE_LIMITED", async () => {
    const ip = nextIp();
    for (let i = 0; i < PER_HOUR; i++) {
      const { http } = await server.send(API.auth.register, quick(`rate-limited-browser-${i}`), { ip });
      expect(http).toBe(200);
    }
    const accountsBefore = (await server.database.db.select().from(accounts)).length;
    const { http, body } = await server.send(API.auth.register, quick("rate-limited-browser-x"), { ip });
    expect(http).toBe(429);
    expect(body).toMatchObject({ status: 429, code: "RATE_LIMITED" });
    expect((await server.database.db.select().from(accounts)).length).toBe(accountsBefore);
    // Another address is not affected.
    expect((await server.send(API.auth.register, quick("rate-limited-browser-y"), { ip: nextIp() })).http).toBe(200);
  });
});
