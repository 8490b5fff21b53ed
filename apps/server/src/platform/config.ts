import path from "node:path";

/** Everything the server reads from its environment, with the defaults README.md documents. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL server; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  apiKey: string;
  /** Base64 of 32 bytes; absent means a key kept in DATA_DIR/secret.key. */
  secretKey: string | undefined;
  /** Minutes a session may sit unused before it expires. */
  sessionIdleMinutes: number;
  /** Hours after which a session expires however it is used. */
  sessionMaxHours: number;
  loginMaxFailuresPerUser: number;
  loginMaxFailuresPerAddress: number;
  loginFailureWindowMinutes: number;
  registrationsPerAddressPerHour: number;
  /** Where the built console lives; served at / when present. */
  webDist: string | undefined;
  logLevel: string;
  /** Lets mail settings name a server on a private network (local test servers); off in production. */
  smtpAllowPrivate: boolean;
  /** Redis for the live-event bus across instances; absent means PostgreSQL LISTEN/NOTIFY (or PGlite). */
  redisUrl: string | undefined;
  /** The Redis stream the live bus uses; deployments sharing one Redis choose different keys. */
  redisLiveStream: string;
  /** How often an open live stream sends a heartbeat and checks its session. */
  liveHeartbeatMs: number;
  /** Check every answer against its contract (the tests do; production writes answers as they are). */
  validateResponses: boolean;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

export const DEFAULT_API_KEY = "washboard-console";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, "../../../..");
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? "0.0.0.0",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(root, env.DATA_DIR ?? "./data"),
    apiKey: env.API_KEY || DEFAULT_API_KEY,
    secretKey: env.SECRET_KEY || undefined,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 8 * 60),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 72),
    loginMaxFailuresPerUser: int(env.LOGIN_MAX_FAILURES_PER_USER, 5),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 30),
    loginFailureWindowMinutes: int(env.LOGIN_FAILURE_WINDOW_MINUTES, 15),
    registrationsPerAddressPerHour: int(env.REGISTRATIONS_PER_ADDRESS_PER_HOUR, 5),
    webDist: env.WEB_DIST === "none" ? undefined : path.resolve(root, env.WEB_DIST ?? "apps/web/dist"),
    logLevel: env.LOG_LEVEL ?? "info",
    smtpAllowPrivate: env.SMTP_ALLOW_PRIVATE === "1",
    redisUrl: env.REDIS_URL || undefined,
    redisLiveStream: env.REDIS_LIVE_STREAM || "washboard:live",
    liveHeartbeatMs: int(env.LIVE_HEARTBEAT_MS, 15_000),
    validateResponses: env.VALIDATE_RESPONSES === "1",
  };
}
