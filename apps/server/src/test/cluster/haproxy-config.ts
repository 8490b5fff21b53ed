/**
 * An HAProxy (2.6, Debian's package) configuration for several Washboard API instances: the one the
 * cluster test (src/cluster.test.ts) runs on loopback, and the example docs/operations.md points
 * to. Each line says why it is there. In production, add TLS on the frontend (`bind :443 ssl crt …`)
 * and run HAProxy as a service (without `-db`).
 */
export interface BalancerOptions {
  /** Where clients (browsers, member apps, payment providers) connect. */
  listen: { host: string; port: number };
  /** The API instances, each `host:port`. */
  instances: { name: string; host: string; port: number }[];
  /** Where the health checks go: the instance's readiness. */
  readinessPath?: string;
}

export function haproxyConfig(options: BalancerOptions): string {
  const { listen, instances, readinessPath = "/readyz" } = options;
  const lines = [
    "global",
    // Logs to standard output (the process runs in the foreground, under a supervisor or a test).
    "  log stdout format raw local0 info",
    // Enough connections for every console's live stream and the machines' pay pages.
    "  maxconn 4096",
    "",
    "defaults",
    // HTTP mode: HAProxy reads each request, so it can retry one on another instance.
    "  mode http",
    "  log global",
    // One line per request: which instance answered, its status, how many retries ("+" when
    // redispatched to another instance), the request line.
    '  log-format "%ci %b/%s %ST %rc %Ta %{+Q}r"',
    // A refused or timed-out connection to an instance is noticed quickly and retried.
    "  timeout connect 2s",
    // Browsers' live streams (GET /api/live/events) are long answers with a heartbeat every
    // LIVE_HEARTBEAT_MS (15 s): the client and server timeouts must be well above it, or HAProxy cuts
    // them. `timeout server` is also how long a request may take before `response-timeout` retries it.
    "  timeout client 120s",
    "  timeout server 120s",
    // For upgraded connections (none today; WebSocket later) and streams HAProxy treats as tunnels.
    "  timeout tunnel 1h",
    "  timeout http-request 10s",
    "  timeout http-keep-alive 10s",
    // A request waits this long for a free instance rather than failing at once during a restart.
    "  timeout queue 10s",
    "",
    "frontend washboard",
    `  bind ${listen.host}:${listen.port}`,
    // X-Forwarded-For carries the browser's address; the instances believe it with TRUST_PROXY=1
    // (sign-in throttling and the operation log need the real address).
    "  option forwardfor",
    // One id per request, in the instances' logs too (they take it from a trusted proxy).
    "  http-request set-header X-Request-Id %[uuid()]",
    "  default_backend api",
    "",
    "backend api",
    // Any instance can answer any call (sessions, live events and machine state are shared through
    // PostgreSQL, the live bus and the broker): no stickiness is needed.
    "  balance roundrobin",
    // An instance is in rotation while GET /readyz answers 200. It answers 503 from the moment a stop
    // begins (SIGTERM), and while its database or broker is out of reach.
    `  option httpchk GET ${readinessPath}`,
    "  http-check expect status 200",
    // Retry a request that met a stopping instance: the connection refused (its listener is closed),
    // closed without an answer (a kept-alive connection it closed while the request was on its way),
    // no answer in time, or a 503. All calls are POST: replaying one is only safe because these
    // failures mean the instance did not act on it (a draining instance finishes what it has begun
    // and answers it with Connection: close). With `retries 3` a request tries up to four times.
    "  retries 3",
    "  retry-on conn-failure empty-response response-timeout 503",
    // Each retry goes to another instance (not the same one again, after a pause).
    "  option redispatch 1",
    // Retries other than conn-failure need the whole request in HAProxy's buffer: wait for the body
    // (small JSON) before choosing an instance, so every request can be replayed.
    "  option http-buffer-request",
    // Which instance answered (tests and operators read it; remove it if you would rather not say).
    "  http-response set-header X-Served-By %s",
    // Fast checks: a stopping instance leaves rotation within ~300 ms (one failed check) and a
    // started one joins at its first ready answer. Use inter 1s–2s in production.
    "  default-server check inter 300ms fall 1 rise 1",
    ...instances.map((i) => `  server ${i.name} ${i.host}:${i.port}`),
    "",
  ];
  return lines.join("\n");
}
