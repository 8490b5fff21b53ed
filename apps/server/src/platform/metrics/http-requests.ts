import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { Counter, Histogram, type Registry } from "prom-client";

/** Seconds: from a cached answer (a millisecond) to a slow export. */
const HTTP_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route label of a request no route matched: never its URL, which anyone can make up. */
const UNMATCHED = "unmatched";

type RouteChildren = {
  duration: Histogram.Internal<"method" | "route">;
  byStatus: Map<number, Counter.Internal>;
};

/** Stands for Fastify's route config when no route matched. */
const NO_ROUTE = {};

/**
 * Requests by route pattern (`/api/v3/Shop/get_shop_list`, `/webhooks/stripe/:vendorId`), method
 * and status code, and their latency. A live stream (a hijacked answer) is counted when the server
 * ends it, its whole life as its duration; one the browser left is not: streams have their own gauge.
 */
export class HttpRequestMetrics {
  readonly requests: Counter<"method" | "route" | "status">;
  readonly duration: Histogram<"method" | "route">;
  /**
   * The children of each route (by Fastify's config object of the route, made once per route) and
   * method, made at its first request: a request costs two map lookups, one observation and one
   * increment.
   */
  private readonly routes = new WeakMap<object, Map<string, RouteChildren>>();

  constructor(registry: Registry) {
    this.requests = new Counter({
      name: "washboard_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status code",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: "washboard_http_request_duration_seconds",
      help: "Time from receiving an HTTP request to the end of its answer, by method and route pattern",
      labelNames: ["method", "route"],
      buckets: HTTP_BUCKETS,
      registers: [registry],
    });
  }

  /** Counts every answered request (an `onResponse` hook: after the answer is out, nothing awaited). */
  install(app: FastifyInstance): void {
    app.addHook("onResponse", (request, reply, done) => {
      this.record(request, reply);
      done();
    });
  }

  private record(request: FastifyRequest, reply: FastifyReply): void {
    const config: { url?: string } | undefined = request.routeOptions.config;
    const url = config?.url;
    const children = this.childrenOf(url === undefined ? NO_ROUTE : (config ?? NO_ROUTE), request.method, url);
    children.duration.observe(reply.elapsedTime / 1000);
    const status = reply.statusCode;
    let counter = children.byStatus.get(status);
    if (counter === undefined) {
      counter = this.requests.labels(request.method, url ?? UNMATCHED, String(status));
      children.byStatus.set(status, counter);
    }
    counter.inc();
  }

  private childrenOf(route: object, method: string, url: string | undefined): RouteChildren {
    let byMethod = this.routes.get(route);
    if (byMethod === undefined) {
      byMethod = new Map();
      this.routes.set(route, byMethod);
    }
    let children = byMethod.get(method);
    if (children === undefined) {
      // Without a route, methods are what clients send: Node's parser takes only the known ones.
      children = { duration: this.duration.labels(method, url ?? UNMATCHED), byStatus: new Map() };
      byMethod.set(method, children);
    }
    return children;
  }
}
