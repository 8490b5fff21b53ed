import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { SERIAL_PATTERN } from "@washboard/device-protocol";
import { MACHINE_TYPES, machineType } from "@washboard/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Config } from "../../platform/config.js";
import type { Db } from "../../platform/db/client.js";
import { isForeignKeyViolation, isUniqueViolation } from "../../platform/db/errors.js";
import { AppError } from "../../platform/http/app-error.js";
import { sendError } from "../../platform/http/envelope.js";
import type { AppDeps } from "../../platform/module.js";
import { sameText } from "./broker/device-secrets.js";
import { provisionDevice } from "./provision.js";
import { deviceRuntime } from "./runtime.js";

/**
 * Provisioning a machine while the server runs. The embedded database (PGlite) belongs to one
 * process, so `npm run cli -- provision-device` asks the running server instead of opening
 * DATA_DIR itself: the server keeps a random admin token, writes it (and its port) to DATA_DIR,
 * readable by its owner only, and serves `POST /admin/provision-device` to whoever presents that
 * token from this machine. Everything else is refused with a bare 403.
 *
 * DATA_DIR/admin.json is also how `npm start` knows the server it spawned is ready: it is written
 * once, with `port: null`, before the database is opened, and again with the port once the server
 * listens — after migrating and seeding. It names the server's pid, so a file left by an earlier
 * run is never taken for this one's.
 */
export const ADMIN_PROVISION_PATH = "/admin/provision-device";
/** `{ pid, port, host, token }`; `port` is null while the server is starting. */
export const ADMIN_FILE = "admin.json";
/** The bare token, for a script's `Authorization: Bearer $(cat DATA_DIR/admin.token)`. */
export const ADMIN_TOKEN_FILE = "admin.token";

export interface AdminFile {
  pid: number;
  port: number | null;
  host?: string;
  token?: string;
  /**
   * The demo fleet file (its name in DATA_DIR) this start wrote, absent when it wrote none: `npm
   * start` runs the simulator only from the file the ready server names, never from one an
   * earlier run left.
   */
  demo_fleet?: string;
}

const adminFile = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65_535).nullable(),
  host: z.string().optional(),
  token: z.string().min(1).optional(),
  demo_fleet: z.string().optional(),
});

const SERIAL_RULE = "serial must be 4 to 64 letters, digits, '-' or '_'";

/** The request body, and the CLI's arguments (it checks them the same way before either path). */
export const adminProvisionBody = z.strictObject({
  serial: z.string({ error: SERIAL_RULE }).regex(SERIAL_PATTERN, { error: SERIAL_RULE }),
  type: machineType,
  vendor_id: z.number({ error: "vendor_id must be a positive whole number" }).int().positive().optional(),
  name: z.string({ error: "name must be text" }).max(128, { error: "name is at most 128 characters" }).optional(),
});
export type AdminProvisionBody = z.infer<typeof adminProvisionBody>;

export interface ProvisionedDevice {
  id: number;
  serial: string;
  secret: string;
  claim_code: string | null;
}

/** The first problem zod found, as one line for a person ("serial must be …"). */
export function describeProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "invalid request";
  if (issue.code === "unrecognized_keys") return `unknown field ${issue.keys.join(", ")}`;
  // The shared rule carries the console's message key; a person at a terminal needs the list.
  if (issue.path[0] === "type") return `type must be one of ${MACHINE_TYPES.join(", ")}`;
  return issue.message;
}

/**
 * Registers the machine the body describes: a duplicate serial is a 409 naming it, a vendor that
 * does not exist a 400 on `vendor_id` (the foreign key decides, not a read before the write).
 */
export async function provisionFromBody(db: Db, body: AdminProvisionBody): Promise<ProvisionedDevice> {
  try {
    const device = await provisionDevice(db, {
      serialNumber: body.serial,
      machineType: body.type,
      name: body.name ?? "",
      vendorId: body.vendor_id ?? null,
    });
    return { id: device.id, serial: device.serial, secret: device.secret, claim_code: device.claimCode };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const message = `a device with serial ${body.serial} is already registered`;
      throw new AppError("RECORD_EXISTS", { field: "serial", message });
    }
    if (isForeignKeyViolation(error)) {
      throw new AppError("VALIDATION_FAILED", { field: "vendor_id", message: `no vendor has id ${body.vendor_id}` });
    }
    throw error;
  }
}

const tokens = new WeakMap<FastifyInstance, string>();

/** The admin token of an app the devices module registered on (main.ts writes it to DATA_DIR). */
export function adminTokenOf(app: FastifyInstance): string | undefined {
  return tokens.get(app);
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === "::1";
}

/** Headers a reverse proxy adds: a proxy on this machine makes everyone's request come from loopback. */
const FORWARDING_HEADERS = ["forwarded", "x-forwarded-for", "x-real-ip"];

/**
 * The socket's own peer, never `request.ip` (which TRUST_PROXY takes from X-Forwarded-For, a header
 * anyone can write), a request no proxy forwarded, and the token, compared in constant time.
 */
function mayProvision(request: FastifyRequest, token: string): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  if (FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined)) return false;
  const header = request.headers.authorization ?? "";
  return header.startsWith("Bearer ") && sameText(header.slice(7), token);
}

/**
 * Whether a request may use an admin endpoint of `app` (provisioning here, the backup module's
 * download): from this machine, not through a proxy, with the token main.ts wrote to DATA_DIR.
 */
export function isAdminRequest(app: FastifyInstance, request: FastifyRequest): boolean {
  const token = tokens.get(app);
  return token !== undefined && mayProvision(request, token);
}

export function registerAdminProvision(app: FastifyInstance, deps: AppDeps): void {
  const token = randomBytes(32).toString("base64url");
  tokens.set(app, token);
  const runtime = deviceRuntime(deps);
  app.post(ADMIN_PROVISION_PATH, {
    schema: { hide: true },
    // Before the body is read: a refused caller learns nothing, not even whether its body was valid.
    onRequest: async (request, reply) => {
      if (!mayProvision(request, token)) return reply.code(403).send();
    },
    handler: async (request, reply) => {
      const body = adminProvisionBody.safeParse(request.body);
      if (!body.success) {
        const field = String(body.error.issues[0]?.path[0] ?? "");
        return sendError(
          reply,
          new AppError("VALIDATION_FAILED", { message: describeProblem(body.error), ...(field ? { field } : {}) }),
        );
      }
      const device = await provisionFromBody(deps.db, body.data);
      // The gateway keeps "unknown serial" for a while: the machine may connect at once.
      runtime.directory.forget(device.serial);
      request.log.info({ device: device.id, serial: device.serial }, "device provisioned by the admin CLI");
      return reply.header("cache-control", "no-store").send(device);
    },
  });
}

/** Writes a file only its owner may read, whole or not at all (a reader never sees half a token). */
function writePrivate(file: string, text: string): void {
  const temp = `${file}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  fs.writeFileSync(temp, text, { mode: 0o600, flag: "wx" });
  fs.renameSync(temp, file);
}

function writeAdminFile(dataDir: string, content: AdminFile): void {
  writePrivate(path.join(dataDir, ADMIN_FILE), `${JSON.stringify(content)}\n`);
}

/**
 * main.ts, before it opens the database: this process is DATA_DIR's server and is starting, so the
 * CLI does not open the embedded database beside it. Any earlier token is void from now on.
 */
export function announceServerStarting(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.rmSync(path.join(dataDir, ADMIN_TOKEN_FILE), { force: true });
    writeAdminFile(dataDir, { pid: process.pid, port: null });
  } catch (error) {
    console.warn(`Could not write ${path.join(dataDir, ADMIN_FILE)}: ${String(error)}`);
  }
}

/**
 * main.ts, once the server listens (migrated and seeded): the token and port the CLI reaches it
 * with, and the demo fleet file this start wrote (`demoFleet`, its path), if any.
 */
export function announceServerListening(
  app: FastifyInstance,
  config: Pick<Config, "dataDir" | "host">,
  port: number,
  written: { demoFleet?: string } = {},
) {
  const token = adminTokenOf(app);
  try {
    if (token === undefined) throw new Error("the devices module registered no admin endpoint");
    writePrivate(path.join(config.dataDir, ADMIN_TOKEN_FILE), `${token}\n`);
    const fleet = written.demoFleet ? { demo_fleet: path.relative(config.dataDir, written.demoFleet) } : {};
    // Last: the file `npm start` waits for.
    writeAdminFile(config.dataDir, { pid: process.pid, port, host: config.host, token, ...fleet });
  } catch (error) {
    app.log.warn({ err: error }, "admin token not written: provision-device cannot reach this server");
  }
}

/** DATA_DIR/admin.json, or null when there is none (or it is not one the server wrote). */
export function readAdminFile(dataDir: string): AdminFile | null {
  try {
    const parsed = adminFile.safeParse(JSON.parse(fs.readFileSync(path.join(dataDir, ADMIN_FILE), "utf8")));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Whether a process with this id exists (one of another user's counts: it answers EPERM). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether anything answers HTTP at `baseUrl` (any status will do). */
export async function answersHttp(baseUrl: string): Promise<boolean> {
  try {
    await fetch(`${baseUrl}/`, { method: "HEAD", signal: AbortSignal.timeout(5_000) });
    return true;
  } catch {
    return false;
  }
}

/** Where the CLI reaches a server that listens on `host` from this machine. */
function loopbackUrl(host: string | undefined, port: number): string {
  if (host === undefined || host === "" || host === "0.0.0.0" || host === "::") return `http://127.0.0.1:${port}`;
  return host.includes(":") ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

export type ProvisionRoute =
  | { via: "database" }
  | { via: "server"; baseUrl: string; token: string }
  /** A server holds DATA_DIR but cannot be asked now: opening its database beside it is not safe. */
  | { via: "busy"; reason: string };

/**
 * How the CLI provisions: through the running server when it holds the embedded database
 * (DATA_DIR/admin.json names a live process that answers on its port), otherwise by opening the
 * database itself — always with DATABASE_URL, a PostgreSQL many processes may share.
 */
export async function provisionRoute(
  config: Pick<Config, "databaseUrl" | "dataDir">,
  probes: { alive?: (pid: number) => boolean; answers?: (baseUrl: string) => Promise<boolean> } = {},
): Promise<ProvisionRoute> {
  if (config.databaseUrl) return { via: "database" };
  const admin = readAdminFile(config.dataDir);
  if (admin === null || !(probes.alive ?? processAlive)(admin.pid)) return { via: "database" };
  const file = path.join(config.dataDir, ADMIN_FILE);
  if (admin.port === null || admin.token === undefined) {
    return { via: "busy", reason: `The server (pid ${admin.pid}) is still starting: try again once it listens.` };
  }
  const baseUrl = loopbackUrl(admin.host, admin.port);
  if (await (probes.answers ?? answersHttp)(baseUrl)) return { via: "server", baseUrl, token: admin.token };
  return {
    via: "busy",
    reason:
      `The server of ${config.dataDir} (pid ${admin.pid}, ${file}) does not answer at ${baseUrl}. ` +
      `Try again when it does, or stop it; if no server runs, delete ${file}.`,
  };
}

/** Asks the running server to provision; its refusal's message becomes the error. */
export async function provisionThroughServer(
  route: { baseUrl: string; token: string },
  body: AdminProvisionBody,
): Promise<ProvisionedDevice> {
  const response = await fetch(`${route.baseUrl}${ADMIN_PROVISION_PATH}`, {
    method: "POST",
    headers: { authorization: `Bearer ${route.token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  if (response.ok) return (await response.json()) as ProvisionedDevice;
  if (response.status === 403) {
    throw new Error(`The server at ${route.baseUrl} refused the admin token (is DATA_DIR the server's?).`);
  }
  const refusal = (await response.json().catch(() => ({}))) as { message?: string };
  throw new Error(refusal.message ?? `The server answered HTTP ${response.status}.`);
}
