import { randomBytes } from "node:crypto";
import net from "node:net";
import type { Writable } from "node:stream";
import { API, type BodyOf, type EndpointContract, type ResultOf } from "@washboard/shared";
import type { FastifyInstance, InjectOptions } from "fastify";
import { buildApp } from "../app.js";
import { MODULES } from "../modules.js";
import { type Config, loadConfig } from "../platform/config.js";
import type { Database } from "../platform/db/client.js";
import type { ServerModule } from "../platform/module.js";
import { DEMO_PASSWORD, seedDemo } from "../seed/demo.js";
import { freshDatabase } from "./fresh-database.js";

export const TEST_API_KEY = "test-api-key";

/** The sign-out call, which ends the session whose token the harness keeps for an account. */
const SIGN_OUT: EndpointContract = API.auth.logout;

export interface SendOptions {
  /** A demo (or test) account, signed in with the demo password on first use; its token is kept. */
  as?: string;
  token?: string;
  /** The vendor a group account acts on (the console's vendor selector), sent as `vendor_id`. */
  vendorId?: number;
  ip?: string;
  headers?: Record<string, string>;
  /** null sends no api-key header at all. */
  apiKey?: string | null;
  /** The instance that answers (one from `secondInstance`); the first by default. */
  via?: FastifyInstance;
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

/** What a call answered: the HTTP status and the parsed envelope, its result typed by the caller. */
export interface Answer<Result = unknown> {
  http: number;
  body: Envelope & { result: Result };
}

export type AnswerOf<C extends EndpointContract> = Answer<ResultOf<C>>;

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** A call by its contract (method and path), with a payload the contract accepts. */
  send<C extends EndpointContract>(contract: C, body?: BodyOf<C>, options?: SendOptions): Promise<AnswerOf<C>>;
  /** A call by its contract with any payload, for tests of what the server refuses. */
  sendRaw<C extends EndpointContract>(
    contract: C,
    body: Record<string, unknown>,
    options?: SendOptions,
  ): Promise<AnswerOf<C>>;
  /** A download call (`contract.download`): the file and its headers, or the refusal's envelope. */
  download<C extends EndpointContract>(contract: C, body: BodyOf<C>, options?: SendOptions): Promise<Downloaded>;
  login(username: string, password?: string): Promise<string>;
  /** Another API instance over the same database (closed with this one), as a second server would be. */
  secondInstance(overrides?: Partial<Config>): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/**
 * A stream endpoint let through never ends its answer: its status and headers tell it apart, and
 * the stream is closed at once. A refusal is the usual error envelope.
 */
async function openedStream<Result>(app: FastifyInstance, injected: InjectOptions): Promise<Answer<Result>> {
  const response = await app.inject({ ...injected, payloadAsStream: true });
  const stream = response.stream();
  if (String(response.headers["content-type"]).startsWith("text/event-stream")) {
    stream.destroy();
    const opened = { status: response.statusCode, result: undefined as Result, server_time: 0 };
    return { http: response.statusCode, body: opened };
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return { http: response.statusCode, body: JSON.parse(Buffer.concat(chunks).toString("utf8")) };
}

/** A download's answer: its status and headers, and the whole file (or the error envelope when refused). */
export interface Downloaded {
  http: number;
  headers: Record<string, string>;
  file: Buffer;
  refusal?: Envelope;
}

async function downloaded(app: FastifyInstance, injected: InjectOptions): Promise<Downloaded> {
  const response = await app.inject(injected);
  const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k, String(v)]));
  const file = response.rawPayload;
  const isFile = response.statusCode === 200 && headers["content-disposition"] !== undefined;
  return {
    http: response.statusCode,
    headers,
    file,
    ...(isFile ? {} : { refusal: JSON.parse(file.toString("utf8")) }),
  };
}

export interface TestServerOptions {
  /** Modules added to the app's list (a test's own provider or throwaway domain). */
  extraModules?: readonly ServerModule[];
  /** Where the app logs (at LOG_LEVEL info) when a test reads its log; otherwise it logs nothing. */
  logStream?: Writable;
  /** On PostgreSQL, a read replica's pool for `Database.reader` (fresh-database.ts); ignored on PGlite. */
  readReplica?: boolean;
}

/** A port nothing listens on now (the embedded broker's, so tests know where to connect devices). */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The broker a test server's gateway uses: the machine's (MQTT_URL) or its embedded one. */
export function brokerUrlOf(config: Config): string {
  return config.mqttUrl ?? `mqtt://127.0.0.1:${config.mqttEmbeddedPort}`;
}

export async function startTestServer(
  overrides: Partial<Config> = {},
  options: TestServerOptions = {},
): Promise<TestServer> {
  const { database, reopen, drop } = await freshDatabase({ readReplica: options.readReplica ?? false });
  await database.migrate();
  await seedDemo(database.db);
  const config: Config = {
    ...loadConfig({}),
    apiKey: TEST_API_KEY,
    // Every answer of every test is checked against its contract, extra fields included.
    validateResponses: true,
    // Devices: CI's PostgreSQL pass talks to the machine's Mosquitto; otherwise each server has its
    // own embedded broker on a free port.
    mqttUrl: process.env.MQTT_URL || undefined,
    // CI's Mosquitto is open to anyone on loopback, as a test rig's may be: the server would warn.
    mqttAllowInsecure: Boolean(process.env.MQTT_URL),
    mqttEmbeddedPort: await freePort(),
    // Known to the test, so a second instance's gateway can join the first one's embedded broker.
    mqttGatewayPassword: "test-gateway-password",
    secretKey: randomBytes(32).toString("base64"),
    webDist: undefined,
    ...overrides,
  };
  const modules = [...MODULES, ...(options.extraModules ?? [])];
  const logging = options.logStream ? { logStream: options.logStream } : { logger: false };
  const app = await buildApp(config, database, { ...logging, modules });

  function injection(
    contract: EndpointContract,
    body: unknown,
    token: string | undefined,
    options: SendOptions,
  ): InjectOptions {
    const fields = typeof body === "object" && body !== null ? body : {};
    const scoped = options.vendorId === undefined ? fields : { ...fields, vendor_id: options.vendorId };
    const payload = token ? { ...scoped, token, token_type: 1 } : scoped;
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.apiKey !== null) headers["api-key"] = options.apiKey ?? TEST_API_KEY;
    return {
      method: contract.method,
      url: contract.path,
      headers,
      remoteAddress: options.ip ?? "127.0.0.1",
      ...(contract.method === "GET"
        ? { query: Object.fromEntries(Object.entries(payload).map(([k, v]) => [k, String(v)])) }
        : { payload }),
    };
  }

  async function request<Result>(
    contract: EndpointContract,
    body: unknown,
    token: string | undefined,
    options: SendOptions,
  ): Promise<Answer<Result>> {
    const injected = injection(contract, body, token, options);
    const answering = options.via ?? app;
    if (contract.stream) return openedStream<Result>(answering, injected);
    if (contract.download) {
      // A file is no envelope: the generated tests see that it was answered, a test of the file reads it.
      const answer = await downloaded(answering, injected);
      const body = answer.refusal ?? { status: answer.http, result: undefined as Result, server_time: 0 };
      return { http: answer.http, body: body as Envelope & { result: Result } };
    }
    const response = await answering.inject(injected);
    return { http: response.statusCode, body: response.json<Envelope & { result: Result }>() };
  }

  const login: TestServer["login"] = async (username, password = DEMO_PASSWORD) => {
    const { body } = await send(API.auth.login, { login: username, password });
    if (body.status !== 200) throw new Error(`login ${username} failed: ${body.code}`);
    return body.result.token;
  };

  const tokens = new Map<string, string>();
  async function tokenOf(options: SendOptions): Promise<string | undefined> {
    if (options.token !== undefined || options.as === undefined) return options.token;
    const kept = tokens.get(options.as) ?? (await login(options.as));
    tokens.set(options.as, kept);
    return kept;
  }

  async function sendRaw<C extends EndpointContract>(
    contract: C,
    body: unknown,
    options: SendOptions = {},
  ): Promise<AnswerOf<C>> {
    const answer = await request<ResultOf<C>>(contract, body, await tokenOf(options), options);
    // Signing out ends the kept session: the next call as that account signs in afresh.
    if (contract === SIGN_OUT && options.as !== undefined && answer.http === 200) tokens.delete(options.as);
    return answer;
  }

  async function send<C extends EndpointContract>(
    contract: C,
    body?: BodyOf<C>,
    options: SendOptions = {},
  ): Promise<AnswerOf<C>> {
    return sendRaw(contract, body, options);
  }

  const others: { app: FastifyInstance; database: Database }[] = [];
  return {
    app,
    database,
    config,
    send,
    sendRaw,
    async download(contract, body, options = {}) {
      return downloaded(app, injection(contract, body, await tokenOf(options), options));
    },
    login,
    async secondInstance(more = {}) {
      const second = await reopen();
      // The second instance's gateway joins the first one's broker, as instances of one deployment do.
      const other = await buildApp({ ...config, mqttUrl: brokerUrlOf(config), ...more }, second, {
        logger: false,
        modules,
      });
      others.push({ app: other, database: second });
      return other;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        await other.database.close();
      }
      await app.close();
      await database.close();
      await drop();
    },
  };
}
