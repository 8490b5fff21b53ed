import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../app.js";
import { groups, vendors } from "../modules/tenancy/tables.js";
import { type Config, loadConfig } from "../platform/config.js";
import { type Database, openDatabase } from "../platform/db/client.js";
import { DEMO_PASSWORD, seedDemo } from "../seed/demo.js";

export const TEST_API_KEY = "test-api-key";

/**
 * A fresh database per test file: in-memory PGlite by default, or a new database created on the
 * PostgreSQL server of DATABASE_URL (and dropped afterwards), so runs never share state.
 */
async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { database: await openDatabase({ dataDir: "memory://" }), drop: async () => {} };
  const name = `wb_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "" });
  return {
    database,
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

/** The two demo vendors: Kuala Lumpur (MYR) and Bangkok (THB), both of Demo Group. */
export async function demoVendors(database: Database) {
  const all = await database.db.select().from(vendors);
  const kl = all.find((v) => v.name === "Demo Laundry Kuala Lumpur");
  const bkk = all.find((v) => v.name === "Demo Laundry Bangkok");
  if (!kl || !bkk || kl.groupId === null) throw new Error("demo vendors missing");
  return { kl, bkk, groupId: kl.groupId };
}

/** A second, unrelated group with one vendor (Jakarta, IDR): what a tenant must never see or touch. */
export async function otherTenant(database: Database) {
  const [group] = await database.db.insert(groups).values({ name: "Other Group" }).returning();
  if (!group) throw new Error("group not created");
  const [vendor] = await database.db
    .insert(vendors)
    .values({
      groupId: group.id,
      name: "Other Laundry Jakarta",
      currency: "IDR",
      language: "id",
      timeZone: "Asia/Jakarta",
    })
    .returning();
  if (!vendor) throw new Error("vendor not created");
  return { groupId: group.id, vendorId: vendor.id };
}

export interface CallOptions {
  token?: string;
  method?: "GET" | "POST";
  apiKey?: string | null;
  ip?: string;
  headers?: Record<string, string>;
}

export interface Envelope {
  status: number;
  result?: unknown;
  code?: string;
  message?: string;
  field?: string;
  message_key?: string;
  message_params?: Record<string, string | number>;
  server_time: number;
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  call<T = unknown>(
    path: string,
    body?: Record<string, unknown>,
    options?: CallOptions,
  ): Promise<{ http: number; body: Envelope & { result: T } }>;
  login(username: string, password?: string): Promise<string>;
  /** A call signed in as a demo (or test) account; its token is kept for the next call. */
  callAs<T = unknown>(
    username: string,
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ http: number; body: Envelope & { result: T } }>;
  close(): Promise<void>;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const { database, drop } = await freshDatabase();
  await database.migrate();
  await seedDemo(database.db);
  const config: Config = {
    ...loadConfig({}),
    apiKey: TEST_API_KEY,
    secretKey: randomBytes(32).toString("base64"),
    webDist: undefined,
    ...overrides,
  };
  const app = await buildApp(config, database.db, { logger: false });

  const call: TestServer["call"] = async (path, body = {}, options = {}) => {
    const method = options.method ?? "POST";
    const payload = options.token ? { ...body, token: options.token, token_type: 1 } : body;
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.apiKey !== null) headers["api-key"] = options.apiKey ?? TEST_API_KEY;
    const response = await app.inject({
      method,
      url: path,
      headers,
      remoteAddress: options.ip ?? "127.0.0.1",
      ...(method === "GET"
        ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
        : { payload }),
    });
    return { http: response.statusCode, body: response.json() };
  };

  const tokens = new Map<string, string>();
  const login: TestServer["login"] = async (username, password = DEMO_PASSWORD) => {
    const { body } = await call<{ token: string }>("/api/Auth/login", { login: username, password });
    if (body.status !== 200) throw new Error(`login ${username} failed: ${body.code}`);
    return body.result.token;
  };

  return {
    app,
    database,
    config,
    call,
    login,
    async callAs(username, path, body = {}) {
      let token = tokens.get(username);
      if (!token) {
        token = await login(username);
        tokens.set(username, token);
      }
      return call(path, body, { token });
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}
