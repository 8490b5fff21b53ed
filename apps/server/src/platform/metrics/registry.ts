import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { collectDefaultMetrics, type Gauge, Registry } from "prom-client";
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { DatabaseUseMetrics } from "./database-use.js";
import { DeviceTrafficMetrics } from "./device-traffic.js";
import { FirmwareDownloadMetrics } from "./firmware-downloads.js";
import { heapAfterFullCollection } from "./heap-after-gc.js";
import { HttpRequestMetrics } from "./http-requests.js";
import { liveStreamsOpen } from "./live-streams.js";
import { outboxBacklogMetrics } from "./outbox-backlog.js";
import { PaymentMetrics } from "./payments.js";
import { WebhookMetrics } from "./webhooks.js";

/** Where Prometheus scrapes. Outside /api: no api-key, no session; METRICS_TOKEN as a bearer token. */
export const METRICS_PATH = "/metrics";

/**
 * One app's metrics (docs/operations.md "Metrics"). Each built app has its own registry, made here:
 * the tests build many apps in one process, and prom-client's global registry would refuse the
 * second app's metrics by name (or mix the apps' counts). Modules reach theirs through
 * `AppDeps.metrics`, the platform's HTTP code through `app.metrics`.
 */
export interface Metrics {
  readonly registry: Registry;
  readonly http: HttpRequestMetrics;
  readonly database: DatabaseUseMetrics;
  readonly devices: DeviceTrafficMetrics;
  readonly liveStreams: Gauge;
  readonly payments: PaymentMetrics;
  readonly webhooks: WebhookMetrics;
  readonly firmwareDownloads: FirmwareDownloadMetrics;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The app's metrics (platform/metrics), for the platform's own HTTP code (streams, webhooks). */
    metrics: Metrics;
  }
}

/**
 * The process's own figures (CPU, memory, heap, event-loop delay, GC: prom-client's default
 * metrics; the heap after the last full collection: ours) belong to the process, not to an app: they are collected once per process, into a
 * registry of their own, and served after the app's.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
    heapAfterFullCollection(processRegistry);
  }
  return processRegistry;
}

/** The app's registry and every metric of the server, counting nothing yet. */
export function createMetrics(database: Database, onScrapeError: (error: unknown) => void = () => undefined): Metrics {
  const registry = new Registry();
  outboxBacklogMetrics(registry, database.db, onScrapeError);
  return {
    registry,
    http: new HttpRequestMetrics(registry),
    database: new DatabaseUseMetrics(registry, database),
    devices: new DeviceTrafficMetrics(registry, onScrapeError),
    liveStreams: liveStreamsOpen(registry),
    payments: new PaymentMetrics(registry),
    webhooks: new WebhookMetrics(registry),
    firmwareDownloads: new FirmwareDownloadMetrics(registry),
  };
}

/** Whether a request carries the token, compared in constant time (over digests: equal lengths). */
function carriesToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  if (!header.startsWith("Bearer ")) return false;
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(header.slice(7)), digest(token));
}

/**
 * Makes the app's metrics and, with METRICS_TOKEN set, serves them at `GET /metrics` (Prometheus
 * text format; 401 without the token) and measures every request and database statement. Without
 * the token metrics are off: no endpoint (404, like any unknown path), no per-request or
 * per-statement measuring; modules still count into the registry nobody reads (an increment each).
 */
export function installMetrics(app: FastifyInstance, deps: { config: Config; database: Database }): Metrics {
  const metrics = createMetrics(deps.database, (error) =>
    app.log.warn({ err: error }, "a metric could not be read at scrape time"),
  );
  app.decorate("metrics", metrics);
  const token = deps.config.metricsToken;
  if (token === undefined) return metrics;

  metrics.http.install(app);
  const stopTiming = metrics.database.observe(deps.database);
  app.addHook("onClose", async () => stopTiming());
  const processes = processMetrics();
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (!carriesToken(request, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ code: "UNAUTHORIZED", message: "metrics need the METRICS_TOKEN bearer token" });
    }
    const text = (await metrics.registry.metrics()) + (await processes.metrics());
    return reply.header("cache-control", "no-store").type(metrics.registry.contentType).send(text);
  });
  return metrics;
}
