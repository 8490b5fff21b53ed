import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Routes } from "./http/routes.js";
import type { LiveBus } from "./live/bus.js";
import type { Metrics } from "./metrics/registry.js";
import type { OutboxHandler } from "./outbox/outbox.js";
import type { Port, PortFill } from "./ports.js";
import type { SecretBox } from "./secrets/secret-box.js";
import type { FileStore } from "./storage/file-store.js";

/** What every module is given: the database and the platform's services. */
export interface AppDeps {
  db: Db;
  /**
   * For the screens of past figures (revenue, reports, exports): a read replica when one is set,
   * which may lag `db` by a moment (Database.reader). Never for what decides a write.
   */
  reader: Db;
  /** The database behind `db`, for what needs more than queries (LISTEN). */
  database: Database;
  config: Config;
  /** Seals and opens secrets stored in the database. */
  secrets: SecretBox;
  /** Where uploaded files are kept (DATA_DIR/uploads on disk). */
  files: FileStore;
  log: FastifyBaseLogger;
  /** Live events to the consoles watching a tenant (publish after the change is committed). */
  live: LiveBus;
  /** The outbox's handlers by message kind, gathered from every module's `outbox`. */
  outboxHandlers: ReadonlyMap<string, OutboxHandler>;
  /** The app's metrics (platform/metrics): what a module counts, by what it counts. */
  metrics: Metrics;
}

/** Something a module started; stopped when the server shuts down. */
export interface Running {
  stop(): Promise<void>;
  /** Whether what it runs is working (the device broker connected): asked by `GET /readyz`. */
  ready?(): boolean;
}

export interface DemoSeedOptions {
  /** Only the demo tenant (groups, vendors, accounts): SEED_DEMO_SHOPS=0 leaves out shops and what hangs off them. */
  tenantOnly: boolean;
  /** Where the demo's images are stored: the server's own upload store (DATA_DIR/uploads). */
  files: FileStore;
  /** The install's secret key: the demo machines' broker secrets are derived from it (seed/demo-fleet.ts). */
  secretKey: Buffer;
  /** The demo tenant's vendors, by name (seed/demo.ts made them): a module's demo records belong to them. */
  demoVendorNames: readonly string[];
}

/**
 * A server module declares what it is; one list of them (`src/modules.ts`) builds the app, the
 * Drizzle schema, the OpenAPI document and the start-up and shut-down order. Adding a domain means
 * adding its folder and one line to that list.
 */
export interface ServerModule {
  /** The domain's one name: its folder under modules/, its contract namespace, its console feature. */
  name: string;
  /**
   * Its public face, whole (`import * as provides from "./public.js"`): the services, read functions,
   * types and ports other modules may import. Another module imports only this file
   * (src/architecture.test.ts).
   */
  provides?: Record<string, unknown>;
  /** The ports it needs filled by modules above it (platform/ports.ts); the app refuses to start without them. */
  consumes?: readonly Port<unknown>[];
  /** Its fillings of lower modules' ports, wired when the app is built. */
  fills?: readonly PortFill[];
  /** Its tables.ts, whole (`import * as tables from "./tables.js"`): the schema is every module's tables. */
  tables?: Record<string, unknown>;
  /** Declares its endpoints on `r`: calls, streams and webhooks. */
  routes?(r: Routes, deps: AppDeps): void;
  /**
   * Starts what lives beside requests (broker connections, listeners, timers) once the app is ready,
   * in list order; what it returns is stopped on shut-down in reverse order.
   */
  start?(deps: AppDeps): Promise<Running | undefined>;
  /** Delivers the outbox messages of its kinds (a provider refund, an e-mail): kind → handler. */
  outbox?(deps: AppDeps): Record<string, OutboxHandler>;
  /**
   * Fills the demo tenant once (`npm start`, `cli seed`; never in production); true when it wrote
   * anything. It runs at every demo start, so it must be idempotent: create what is missing once,
   * never change what exists (a machine's secret above all), never add to an operator's records.
   */
  seedDemo?(db: Db, options: DemoSeedOptions): Promise<boolean>;
}

export function defineModule(module: ServerModule): ServerModule {
  return module;
}
