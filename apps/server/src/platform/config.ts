import path from "node:path";

/** Everything the server reads from its environment, with the defaults README.md documents. */
export interface Config {
  port: number;
  host: string;
  /**
   * Milliseconds a stop (SIGTERM) may take: in-flight requests get about half of it, then every
   * connection still open is closed and the modules stop; past it the process exits regardless.
   */
  stopTimeoutMs: number;
  /** PostgreSQL server; absent means embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** A read replica of databaseUrl's database, for the screens of past figures (Database.reader). */
  databaseReadUrl: string | undefined;
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
  /** Member-app registrations per address per hour (MEMBER_REGISTRATIONS_PER_ADDRESS_PER_HOUR, default 10). */
  memberRegistrationsPerAddressPerHour: number;
  /** Member-app registrations per shop per hour, from any address (MEMBER_REGISTRATIONS_PER_SHOP_PER_HOUR, default 30). */
  memberRegistrationsPerShopPerHour: number;
  /**
   * Wrong PINs for one member's phone within the failure window from all addresses together
   * (MEMBER_PIN_MAX_FAILURES_PER_PHONE, default 100): the ceiling of a guess spread over many
   * addresses. One address is stopped long before, at LOGIN_MAX_FAILURES_PER_USER for that phone and
   * LOGIN_MAX_FAILURES_PER_ADDRESS in all, so no single address can reach it.
   */
  memberPinMaxFailuresPerPhone: number;
  /** Days a member-app session lasts (MEMBER_SESSION_DAYS, default 30); sign-out, a PIN change or disabling ends it sooner. */
  memberSessionDays: number;
  /**
   * How long a machine is held for a customer who started paying for it; the provider is told the
   * same expiry, and an unpaid payment is closed after it (PAYMENT_HOLD_SECONDS, default 300).
   */
  paymentHoldSeconds: number;
  /** Payments a customer's address may start per ten minutes (PAYMENTS_PER_ADDRESS, default 10). */
  paymentsPerAddress: number;
  /** Payments that may be started for one machine per ten minutes (PAYMENTS_PER_MACHINE, default 10). */
  paymentsPerMachine: number;
  /** Where the built console lives; served at / when present. */
  webDist: string | undefined;
  /**
   * The address customers and providers reach this install at (PUBLIC_URL, e.g.
   * https://pay.example.com): payment notify and return URLs, pay QR codes. Written to the system
   * config's `website` at start, so it wins over what was set there.
   */
  publicUrl: string | undefined;
  /**
   * Where machines fetch uploaded firmware from this install (FIRMWARE_BASE_URL): the public
   * address when set, else this host's own port on loopback (the demo's simulated machines).
   */
  firmwareBaseUrl: string;
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
  /** Keep the answers of calls registered with `cache: "vendor"` (platform/cache); ANSWER_CACHE=0 answers each afresh. */
  answerCache: boolean;
  /** The MQTT broker devices connect to; absent means the embedded broker. */
  mqttUrl: string | undefined;
  /** Where the embedded broker listens (127.0.0.1); 0 picks a free port (tests). */
  mqttEmbeddedPort: number;
  /** The address the embedded broker listens on: loopback by default, `0.0.0.0` for machines on the network. */
  mqttEmbeddedHost: string;
  /** PEM files of the certificate and key the embedded broker serves MQTT over TLS with (both or neither). */
  mqttTlsCert: string | undefined;
  mqttTlsKey: string | undefined;
  /** Where the embedded broker serves MQTT over TLS, when a certificate is given. */
  mqttTlsPort: number;
  /** A test rig's broker open to anyone: the server does not warn about it. */
  mqttAllowInsecure: boolean;
  /** The gateway's broker login; the broker's hooks admit it to every device topic. */
  mqttGatewayUsername: string;
  /** Its password; absent with the embedded broker means a random one per start. */
  mqttGatewayPassword: string | undefined;
  /** Several API instances share the device topics through this MQTT shared-subscription group. */
  mqttSharedGroup: string | undefined;
  /** When set, the broker's HTTP auth hooks must send it as `Authorization: Bearer`. */
  mqttHookToken: string | undefined;
  /** A sent command that has no answer after this long has timed out. */
  deviceAckTimeoutMs: number;
  /** How long a restart or parameter change waits for an offline device before it expires. */
  deviceCommandWaitMinutes: number;
  /** How often each instance looks for firmware rollouts due a step; 0: never (tests that step them themselves). */
  otaTickMs: number;
  /** A machine due an update but away longer than this is skipped, not waited for (its wave goes on). */
  otaOfflineSkipMs: number;
  /**
   * A machine nobody heard for this long is offline (it publishes its status at least every 60 s);
   * after the broker was away, one not heard since is shown as unknown until it speaks.
   */
  devicePresenceTimeoutMs: number;
  /** PAYMENT_BASE_URL_<PROVIDER>: where a provider's API is called instead of its own (sandboxes, test fakes). */
  paymentBaseUrls: Readonly<Record<string, string>>;
  /**
   * METRICS_TOKEN: `GET /metrics` (Prometheus text, platform/metrics) answers only requests sending it
   * as `Authorization: Bearer <token>`. Unset, metrics are off: the endpoint does not exist (404) and
   * nothing is measured per request — metrics are never served without a token.
   */
  metricsToken: string | undefined;
  /**
   * SUBSCRIPTION_PAYPAL_CLIENT_ID, _CLIENT_SECRET and _WEBHOOK_ID: the platform's PayPal account that
   * renewals are paid into (all three, or none: then what the CLI's set-subscription-paypal stored).
   */
  subscriptionPayPal: { clientId: string; clientSecret: string; webhookId: string } | undefined;
}

/** An http(s) address without its trailing slashes; refused at start when it is anything else. */
export function publicUrlOf(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${value}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new Error(`PUBLIC_URL must be http(s), got "${value}"`);
  return url.toString().replace(/\/+$/, "");
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a whole number, got "${value}"`);
  return n;
}

const PAYMENT_BASE_URL_PREFIX = "PAYMENT_BASE_URL_";

export const DEFAULT_API_KEY = "washboard-console";

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const root = path.resolve(import.meta.dirname, "../../../..");
  return {
    port: int(env.PORT, 8080),
    host: env.HOST ?? "0.0.0.0",
    stopTimeoutMs: int(env.STOP_TIMEOUT_MS, 10_000),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    dataDir: path.resolve(root, env.DATA_DIR ?? "./data"),
    apiKey: env.API_KEY || DEFAULT_API_KEY,
    secretKey: env.SECRET_KEY || undefined,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 8 * 60),
    sessionMaxHours: int(env.SESSION_MAX_HOURS, 72),
    loginMaxFailuresPerUser: int(env.LOGIN_MAX_FAILURES_PER_USER, 5),
    loginMaxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 30),
    loginFailureWindowMinutes: int(env.LOGIN_FAILURE_WINDOW_MINUTES, 15),
    registrationsPerAddressPerHour: int(env.REGISTRATIONS_PER_ADDRESS_PER_HOUR, 5),
    memberRegistrationsPerAddressPerHour: int(env.MEMBER_REGISTRATIONS_PER_ADDRESS_PER_HOUR, 10),
    memberRegistrationsPerShopPerHour: int(env.MEMBER_REGISTRATIONS_PER_SHOP_PER_HOUR, 30),
    memberPinMaxFailuresPerPhone: int(env.MEMBER_PIN_MAX_FAILURES_PER_PHONE, 100),
    memberSessionDays: int(env.MEMBER_SESSION_DAYS, 30),
    paymentHoldSeconds: int(env.PAYMENT_HOLD_SECONDS, 300),
    paymentsPerAddress: int(env.PAYMENTS_PER_ADDRESS, 10),
    paymentsPerMachine: int(env.PAYMENTS_PER_MACHINE, 10),
    webDist: env.WEB_DIST === "none" ? undefined : path.resolve(root, env.WEB_DIST ?? "apps/web/dist"),
    publicUrl: publicUrlOf(env.PUBLIC_URL),
    firmwareBaseUrl:
      publicUrlOf(env.FIRMWARE_BASE_URL) ?? publicUrlOf(env.PUBLIC_URL) ?? `http://127.0.0.1:${int(env.PORT, 8080)}`,
    logLevel: env.LOG_LEVEL ?? "info",
    smtpAllowPrivate: env.SMTP_ALLOW_PRIVATE === "1",
    redisUrl: env.REDIS_URL || undefined,
    redisLiveStream: env.REDIS_LIVE_STREAM || "washboard:live",
    liveHeartbeatMs: int(env.LIVE_HEARTBEAT_MS, 15_000),
    validateResponses: env.VALIDATE_RESPONSES === "1",
    answerCache: env.ANSWER_CACHE !== "0",
    mqttUrl: env.MQTT_URL || undefined,
    mqttEmbeddedPort: int(env.MQTT_EMBEDDED_PORT, 1884),
    mqttEmbeddedHost: env.MQTT_EMBEDDED_HOST || "127.0.0.1",
    mqttTlsCert: env.MQTT_TLS_CERT || undefined,
    mqttTlsKey: env.MQTT_TLS_KEY || undefined,
    mqttTlsPort: int(env.MQTT_TLS_PORT, 8883),
    mqttAllowInsecure: env.MQTT_ALLOW_INSECURE === "1",
    mqttGatewayUsername: env.MQTT_GATEWAY_USERNAME || "washboard-gateway",
    mqttGatewayPassword: env.MQTT_GATEWAY_PASSWORD || undefined,
    mqttSharedGroup: env.MQTT_SHARED_GROUP || undefined,
    mqttHookToken: env.MQTT_HOOK_TOKEN || undefined,
    deviceAckTimeoutMs: int(env.DEVICE_ACK_TIMEOUT_MS, 10_000),
    deviceCommandWaitMinutes: int(env.DEVICE_COMMAND_WAIT_MINUTES, 10),
    otaTickMs: int(env.OTA_TICK_MS, 2_000),
    otaOfflineSkipMs: int(env.OTA_OFFLINE_SKIP_MS, 24 * 3_600_000),
    devicePresenceTimeoutMs: int(env.DEVICE_PRESENCE_TIMEOUT_S, 150) * 1000,
    paymentBaseUrls: Object.fromEntries(
      Object.entries(env)
        .filter(([name, value]) => name.startsWith(PAYMENT_BASE_URL_PREFIX) && value)
        .map(([name, value]) => [name.slice(PAYMENT_BASE_URL_PREFIX.length).toLowerCase(), String(value)]),
    ),
    metricsToken: env.METRICS_TOKEN || undefined,
    subscriptionPayPal:
      env.SUBSCRIPTION_PAYPAL_CLIENT_ID && env.SUBSCRIPTION_PAYPAL_CLIENT_SECRET && env.SUBSCRIPTION_PAYPAL_WEBHOOK_ID
        ? {
            clientId: env.SUBSCRIPTION_PAYPAL_CLIENT_ID,
            clientSecret: env.SUBSCRIPTION_PAYPAL_CLIENT_SECRET,
            webhookId: env.SUBSCRIPTION_PAYPAL_WEBHOOK_ID,
          }
        : undefined,
  };
}
