import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";

/** What a request id from a trusted proxy may look like: short, no spaces or control characters. */
const FORWARDED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Each request's id: the one a trusted proxy forwards as `x-request-id` (TRUST_PROXY=1), so its log
 * and ours name the same request; otherwise a random one, which never tells how many came before.
 */
export function requestIdFor(trustProxy: boolean): (request: { headers: Record<string, unknown> }) => string {
  return (request) => {
    const forwarded = request.headers["x-request-id"];
    return trustProxy && typeof forwarded === "string" && FORWARDED_ID.test(forwarded) ? forwarded : randomUUID();
  };
}

/** Probes a load balancer sends every few seconds: logged only at debug. */
const PROBES = new Set(["/healthz", "/readyz"]);

/**
 * One JSON line per answered request (the framework's own two lines per request are off): its id,
 * method, route pattern (never the raw URL, which may carry a token), status, duration and the
 * tenant it acted for. Every answer carries its id in `x-request-id`, which the console shows
 * beside a failure so support can find the line.
 */
export function installRequestLog(app: FastifyInstance): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url;
    const line = {
      method: request.method,
      route: route ?? "(none)",
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ...tenantOf(request),
    };
    if (route && PROBES.has(route)) request.log.debug(line, "request");
    else request.log.info(line, "request");
  });
}

function tenantOf(request: FastifyRequest): Record<string, number> {
  const ctx = request.ctx;
  if (!ctx) return {};
  const tenant: Record<string, number> = {};
  if (ctx.actor) tenant.account = ctx.actor.accountId;
  if (ctx.member) tenant.member = ctx.member.memberId;
  const vendor = ctx.scope.vendorId ?? ctx.member?.vendorId ?? null;
  if (vendor !== null) tenant.vendor = vendor;
  if (ctx.scope.groupId !== null) tenant.group = ctx.scope.groupId;
  return tenant;
}
