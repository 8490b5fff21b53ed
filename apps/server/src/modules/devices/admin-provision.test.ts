import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoVendors } from "../../test/fixtures.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import {
  ADMIN_FILE,
  ADMIN_PROVISION_PATH,
  ADMIN_TOKEN_FILE,
  adminTokenOf,
  announceServerListening,
  announceServerStarting,
  isLoopbackAddress,
  readAdminFile,
} from "./admin-provision.js";
import { BrokerAccess } from "./broker/broker-access.js";
import { hashDeviceSecret } from "./broker/device-secrets.js";
import { devices } from "./tables.js";

/** POST /admin/provision-device: the CLI's way in while the server holds the embedded database. */
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = adminTokenOf(server.app) ?? "";
});
afterAll(() => server.close());

const provision = (
  payload: unknown,
  { auth = `Bearer ${token}`, from = "127.0.0.1", headers = {} as Record<string, string> } = {},
) =>
  server.app.inject({
    method: "POST",
    url: ADMIN_PROVISION_PATH,
    remoteAddress: from,
    headers: { ...(auth ? { authorization: auth } : {}), ...headers },
    payload: payload as Record<string, unknown>,
  });

const access = () => new BrokerAccess(server.database.db, { username: "washboard-gateway", password: undefined });

describe("admin provisioning", () => {
  it("has a 256-bit random token per app", () => {
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
  });

  it("registers a machine for the holder of the token on this machine; the machine can log in to the broker", async () => {
    const answer = await provision({ serial: "ADM-0001", type: "washer", name: "Front washer" });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["cache-control"]).toBe("no-store");
    const device = answer.json<{ id: number; serial: string; secret: string; claim_code: string | null }>();
    expect(device).toMatchObject({ id: expect.any(Number), serial: "ADM-0001" });
    // No vendor: a claim code, which a vendor types to take the machine.
    expect(device.claim_code).toEqual(expect.any(String));

    const [row] = await server.database.db.select().from(devices).where(eq(devices.id, device.id));
    expect(row).toMatchObject({
      serialNumber: "ADM-0001",
      machineType: "washer",
      name: "Front washer",
      vendorId: null,
    });
    // Only the secret's SHA-256 is kept, and the broker admits the machine with the secret.
    expect(row?.secretHash).toBe(hashDeviceSecret(device.secret));
    expect(await access().authenticate("ADM-0001", "ADM-0001", device.secret)).toEqual({
      role: "device",
      serial: "ADM-0001",
    });
    expect(await access().authenticate("ADM-0001", "ADM-0001", `${device.secret}x`)).toBeNull();
  });

  it("registers a machine for a vendor without a claim code, also from IPv6 loopback", async () => {
    const { kl } = await demoVendors(server.database);
    const answer = await provision({ serial: "ADM-0002", type: "dryer", vendor_id: kl.id }, { from: "::1" });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ serial: "ADM-0002", claim_code: null });
    const [row] = await server.database.db.select().from(devices).where(eq(devices.serialNumber, "ADM-0002"));
    expect(row?.vendorId).toBe(kl.id);
  });

  it("refuses a wrong or missing token with a bare 403, before reading the body", async () => {
    for (const auth of [`Bearer ${token}x`, "Bearer ", token, `Basic ${token}`, ""]) {
      const answer = await provision({ serial: "ADM-0003", type: "washer" }, { auth });
      expect(answer.statusCode, auth).toBe(403);
      expect(answer.body).toBe("");
    }
    // Not even a malformed body tells a caller without the token anything.
    expect((await provision("{not json", { auth: "Bearer nope" })).statusCode).toBe(403);
    const rows = await server.database.db.select().from(devices).where(eq(devices.serialNumber, "ADM-0003"));
    expect(rows).toHaveLength(0);
  });

  it("refuses the right token from another address, or forwarded by a proxy", async () => {
    for (const from of ["10.0.0.5", "192.168.1.20", "::ffff:10.1.2.3", "2001:db8::1"]) {
      const answer = await provision({ serial: "ADM-0004", type: "washer" }, { from });
      expect(answer.statusCode, from).toBe(403);
      expect(answer.body).toBe("");
    }
    // A reverse proxy on this machine connects from loopback on everyone's behalf.
    for (const header of ["x-forwarded-for", "forwarded", "x-real-ip"]) {
      const answer = await provision({ serial: "ADM-0004", type: "washer" }, { headers: { [header]: "127.0.0.1" } });
      expect(answer.statusCode, header).toBe(403);
    }
    const rows = await server.database.db.select().from(devices).where(eq(devices.serialNumber, "ADM-0004"));
    expect(rows).toHaveLength(0);
  });

  it("answers 400 naming the field of a body it cannot use", async () => {
    const cases: [unknown, string, RegExp][] = [
      [{ serial: "a/b#", type: "washer" }, "serial", /serial must be 4 to 64 letters/],
      [{ serial: "ADM-0005" }, "type", /type must be one of .*washer/],
      [{ serial: "ADM-0005", type: "spaceship" }, "type", /type must be one of/],
      [{ serial: "ADM-0005", type: "washer", vendor_id: 0 }, "vendor_id", /positive whole number/],
      [{ serial: "ADM-0005", type: "washer", vendor_id: "1" }, "vendor_id", /positive whole number/],
      [{ serial: "ADM-0005", type: "washer", vendor_id: 999_999 }, "vendor_id", /no vendor has id 999999/],
      [{ serial: "ADM-0005", type: "washer", vendorId: 1 }, "", /unknown field vendorId/],
    ];
    for (const [body, field, message] of cases) {
      const answer = await provision(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      const refusal = answer.json<{ code: string; field?: string; message: string }>();
      expect(refusal).toMatchObject({ code: "VALIDATION_FAILED", ...(field ? { field } : {}) });
      expect(refusal.message).toMatch(message);
    }
    expect((await provision("{not json", { headers: { "content-type": "application/json" } })).statusCode).toBe(400);
    const rows = await server.database.db.select().from(devices).where(eq(devices.serialNumber, "ADM-0005"));
    expect(rows).toHaveLength(0);
  });

  it("answers 409 for a serial already registered, keeping the first machine's secret", async () => {
    const first = await provision({ serial: "ADM-0006", type: "washer" });
    expect(first.statusCode).toBe(200);
    const again = await provision({ serial: "ADM-0006", type: "dryer" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: "RECORD_EXISTS",
      field: "serial",
      message: "a device with serial ADM-0006 is already registered",
    });
    const secret = first.json<{ secret: string }>().secret;
    expect(await access().authenticate("ADM-0006", "ADM-0006", secret)).not.toBeNull();
  });

  it("knows loopback addresses", () => {
    for (const address of ["127.0.0.1", "127.8.9.10", "::1", "::ffff:127.0.0.1"])
      expect(isLoopbackAddress(address)).toBe(true);
    for (const address of ["10.0.0.1", "::ffff:10.0.0.1", "0.0.0.0", "::", "128.0.0.1", "", undefined]) {
      expect(isLoopbackAddress(address)).toBe(false);
    }
  });
});

describe("the admin files", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wb-admin-"));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const mode = (name: string) => fs.statSync(path.join(dataDir, name)).mode & 0o777;

  it("say 'starting' (no port, no token) before the database opens, then the port and token, owner-only", () => {
    // A previous run's token, readable by anyone: replaced, and the new files are the owner's only.
    fs.writeFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), "old\n", { mode: 0o644 });
    fs.writeFileSync(path.join(dataDir, ADMIN_FILE), JSON.stringify({ pid: 1, port: 9, token: "old" }), {
      mode: 0o644,
    });

    announceServerStarting(dataDir);
    expect(readAdminFile(dataDir)).toEqual({ pid: process.pid, port: null });
    expect(fs.existsSync(path.join(dataDir, ADMIN_TOKEN_FILE))).toBe(false);
    expect(mode(ADMIN_FILE)).toBe(0o600);

    announceServerListening(server.app, { dataDir, host: "0.0.0.0" }, 8123);
    expect(readAdminFile(dataDir)).toEqual({ pid: process.pid, port: 8123, host: "0.0.0.0", token });
    expect(fs.readFileSync(path.join(dataDir, ADMIN_TOKEN_FILE), "utf8").trim()).toBe(token);
    expect(mode(ADMIN_FILE)).toBe(0o600);
    expect(mode(ADMIN_TOKEN_FILE)).toBe(0o600);
    expect(fs.readdirSync(dataDir).sort()).toEqual([ADMIN_FILE, ADMIN_TOKEN_FILE]);
  });

  it("are not read when they are not the server's", () => {
    fs.writeFileSync(path.join(dataDir, ADMIN_FILE), "not json");
    expect(readAdminFile(dataDir)).toBeNull();
    fs.writeFileSync(path.join(dataDir, ADMIN_FILE), JSON.stringify({ port: 80 }));
    expect(readAdminFile(dataDir)).toBeNull();
    expect(readAdminFile(path.join(dataDir, "nowhere"))).toBeNull();
  });
});
