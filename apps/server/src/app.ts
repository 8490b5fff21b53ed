import type { Writable } from "node:stream";
import fastifyMultipart from "@fastify/multipart";
import { LIMITS } from "@washboard/shared";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { SessionResolver } from "./modules/accounts/sessions.js";
import { resolveMember } from "./modules/members/member-app.js";
import { recordOperation } from "./modules/operation-log/record.js";
import { MODULES } from "./modules.js";
import { RequestVersions } from "./platform/cache/request-versions.js";
import { databaseFence } from "./platform/cache/version-fence.js";
import type { Config } from "./platform/config.js";
import type { Database } from "./platform/db/client.js";
import { migrationsCurrent } from "./platform/db/migrations-state.js";
import { AccessPipeline } from "./platform/http/access.js";
import { newRequestContext } from "./platform/http/context.js";
import { installErrorHandling } from "./platform/http/error-handler.js";
import { installHealth, Readiness } from "./platform/http/health.js";
import { loggerOptions } from "./platform/http/logger.js";
import { installOpenApi } from "./platform/http/openapi.js";
import { installRequestLog, requestIdFor } from "./platform/http/request-log.js";
import { Routes } from "./platform/http/routes.js";
import { installSecurityHeaders } from "./platform/http/security-headers.js";
import { answerSerializer } from "./platform/http/serializer.js";
import { createLiveBus } from "./platform/live/create-bus.js";
import { installMetrics } from "./platform/metrics/registry.js";
import type { AppDeps, Running, ServerModule } from "./platform/module.js";
import type { OutboxHandler } from "./platform/outbox/outbox.js";
import { wirePorts } from "./platform/ports.js";
import { createSecretBox, loadSecretKey } from "./platform/secrets/secret-box.js";
import { uploadStore } from "./platform/storage/file-store.js";
import { installConsole } from "./platform/web/console.js";

export interface BuildOptions {
  logger?: boolean;
  /** Where the log goes instead of stdout (the tests read it). */
  logStream?: Writable;
  /** The modules to build from; the tests add throwaway ones. */
  modules?: readonly ServerModule[];
}

/**
 * The composition root: the platform's pipeline and services, then every module of the list —
 * its routes now, its `start` once the app is ready, its stop (in reverse order) when it closes.
 */
export async function buildApp(
  config: Config,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const modules = options.modules ?? MODULES;
  wirePorts(modules);
  const { db } = database;
  const app = Fastify({
    logger: options.logger === false ? false : loggerOptions(config.logLevel, options.logStream),
    genReqId: requestIdFor(process.env.TRUST_PROXY === "1"),
    // One line per request instead, with its route, tenant and duration (request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1_048_576,
    trustProxy: process.env.TRUST_PROXY === "1",
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(config.validateResponses));
  app.decorateRequest("ctx", null as never);
  const fence = databaseFence(db);
  app.addHook("onRequest", async (request) => {
    request.ctx = newRequestContext(request, new RequestVersions(fence));
  });
  installRequestLog(app);
  installErrorHandling(app);
  await installSecurityHeaders(app);
  const readiness = new Readiness();
  readiness.add("database", async () => {
    await db.execute(sql`select 1`);
    return true;
  });
  readiness.add("migrations", migrationsCurrent(db));
  installHealth(app, readiness);
  installDraining(app, readiness, config.stopTimeoutMs);

  const live = createLiveBus(database, config);
  const sessions = new SessionResolver(db, config);
  const access = new AccessPipeline(
    {
      resolveSession: (token, asked) => sessions.resolve(token, asked),
      resolveMember: (token) => resolveMember(db, token),
      recordOperation: (entry) => recordOperation(db, live, entry),
    },
    config.apiKey,
  );
  access.installApiKeyCheck(app);
  await installOpenApi(app);
  // Multipart bodies are read only by upload calls (Routes.call with `multipart`), within these limits.
  await app.register(fastifyMultipart, { limits: { fileSize: LIMITS.uploadImageMaxBytes, files: 1 } });

  const outboxHandlers = new Map<string, OutboxHandler>();
  const deps: AppDeps = {
    db,
    reader: database.reader,
    database,
    config,
    secrets: createSecretBox(loadSecretKey(config.secretKey, config.dataDir)),
    files: uploadStore(config),
    log: app.log,
    live,
    outboxHandlers,
    metrics: installMetrics(app, { config, database }),
  };
  const routes = new Routes(app, {
    access,
    db,
    live,
    fence,
    answerCache: config.answerCache,
    heartbeatMs: config.liveHeartbeatMs,
  });
  for (const module of modules) {
    module.routes?.(routes, deps);
    for (const [kind, handler] of Object.entries(module.outbox?.(deps) ?? {})) outboxHandlers.set(kind, handler);
  }
  routes.assertComplete();
  installLifecycle(app, modules, deps, readiness);

  await installConsole(app, config.webDist, config.apiKey);
  return app;
}

/** Modules start in list order once the app is ready and stop in reverse order when it closes. */
function installLifecycle(
  app: FastifyInstance,
  modules: readonly ServerModule[],
  deps: AppDeps,
  readiness: Readiness,
): void {
  const running: { name: string; handle: Running }[] = [];
  app.addHook("onReady", async () => {
    for (const module of modules) {
      const handle = await module.start?.(deps);
      if (!handle) continue;
      running.push({ name: module.name, handle });
      const { ready } = handle;
      if (ready) readiness.add(module.name, () => ready.call(handle));
    }
  });
  app.addHook("onClose", async () => {
    for (const { name, handle } of running.reverse()) {
      await handle.stop();
      app.log.info({ module: name }, "module stopped");
    }
    running.length = 0;
  });
}

/**
 * A stop (app.close) drains: the instance reports not ready at once, every answer from then on
 * tells its client to close the connection (keep-alive clients move to another instance), idle
 * connections close at once (the framework), and those still busy after half the stop time are
 * closed so that a client holding one open (or reading slowly) cannot hold the stop.
 */
function installDraining(app: FastifyInstance, readiness: Readiness, stopTimeoutMs: number): void {
  let deadline: NodeJS.Timeout | undefined;
  app.addHook("preClose", async () => {
    readiness.drain();
    deadline = setTimeout(() => {
      app.log.warn("stop: closing the connections still open");
      app.server.closeAllConnections();
    }, stopTimeoutMs / 2);
    deadline.unref();
  });
  app.addHook("onSend", async (_request, reply) => {
    if (readiness.isDraining) reply.header("connection", "close");
  });
  app.addHook("onClose", async () => clearTimeout(deadline));
}
