import type { FastifyInstance } from "fastify";

/** One thing readiness depends on: true when it is fine. A check that throws counts as false. */
export type ReadinessCheck = () => boolean | Promise<boolean>;

/** How long one check may take before it counts as failed: a load balancer polls these often. */
const CHECK_TIMEOUT_MS = 2_000;

/**
 * Whether this instance should receive traffic. Not ready once a stop has begun ("running" fails), or
 * when any check fails: the database unreachable, migrations behind this code, a module's outside
 * connection (the device broker) down. Answers name each check, never tenant data.
 */
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  add(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** A stop has begun: from now on the instance reports not ready. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async report(): Promise<{ ready: boolean; checks: Record<string, boolean> }> {
    const results = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await passes(check)] as const),
    );
    const checks = Object.fromEntries([["running", !this.draining], ...results]);
    return { ready: Object.values(checks).every(Boolean), checks };
  }
}

async function passes(check: ReadinessCheck): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /healthz`: the process answers (liveness; a restart helps only when this fails).
 * `GET /readyz`: 200 when ready, 503 with the failing checks otherwise (load balancers route by it).
 * Both unauthenticated and tenant-free, outside the API's envelope and key check (see access.ts).
 */
export function installHealth(app: FastifyInstance, readiness: Readiness): void {
  app.get("/healthz", { logLevel: "warn" }, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return { status: "ok" };
  });
  app.get("/readyz", { logLevel: "warn" }, async (_request, reply) => {
    const { ready, checks } = await readiness.report();
    reply.header("cache-control", "no-store");
    reply.code(ready ? 200 : 503);
    return { status: ready ? "ready" : "not ready", checks };
  });
}
