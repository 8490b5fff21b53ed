import type { BrokerAction } from "@washboard/device-protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { BrokerAccess } from "./broker-access.js";
import { sameText } from "./device-secrets.js";

/**
 * The broker's HTTP authentication and authorization hooks, so a production broker asks us who may
 * connect and use which topic — the same `BrokerAccess` check the embedded broker calls in-process.
 * One answer form serves both common plugins (docs/device-protocol.md shows their configuration):
 *
 * - EMQX (HTTP authentication and HTTP authorization): reads `{"result": "allow" | "deny"}` of a 200;
 * - mosquitto-go-auth's HTTP backend: in `status` mode 200 means yes and anything else no, in `json`
 *   mode it reads `{"ok": true | false}`.
 *
 * So "yes" is 200 `{result: "allow", ok: true}` and "no" is 403 `{result: "deny", ok: false}`.
 */
export const BROKER_HOOK_PATHS = {
  auth: "/mqtt/auth",
  acl: "/mqtt/acl",
  superuser: "/mqtt/superuser",
  events: "/mqtt/events",
} as const;

const text = z.string().max(256);
/**
 * EMQX can send the connecting client's address (`peerhost`), mosquitto-go-auth not: failures are
 * then counted per username alone.
 */
const authBody = z.object({
  username: text.optional(),
  password: text.optional(),
  clientid: text.optional(),
  peerhost: text.optional(),
});
/**
 * EMQX names the action ("publish" / "subscribe"); go-auth sends `acc`: 1 read, 2 write, 3 both,
 * 4 subscribe. Reading a topic is receiving it, which a device may only do by subscribing.
 */
const aclBody = z.object({
  username: text.optional(),
  clientid: text.optional(),
  topic: z.string().max(1024),
  action: z.enum(["publish", "subscribe"]).optional(),
  acc: z.coerce.number().int().min(1).max(4).optional(),
});

function actionsOf(body: z.infer<typeof aclBody>): BrokerAction[] {
  if (body.action) return [body.action];
  switch (body.acc) {
    case 2:
      return ["publish"];
    case 3:
      return ["subscribe", "publish"];
    case 1:
    case 4:
      return ["subscribe"];
    default:
      return [];
  }
}

/**
 * A broker's notice that a client connected or disconnected (EMQX's webhook of the
 * `client.connected` / `client.disconnected` events sends these fields, among others).
 */
const eventBody = z.object({
  event: z.string().max(64),
  clientid: text.optional(),
  username: text.optional(),
});

const answer = (reply: FastifyReply, yes: boolean) =>
  reply
    .code(yes ? 200 : 403)
    .send(yes ? { result: "allow", ok: true } : { result: "deny", ok: false, error: "denied" });

/** Counts a failed login of a broker client and answers whether it may still be checked (see hook-throttle.ts). */
export interface HookThrottle {
  /** Takes a place for this attempt; false: too many failures, refuse without checking. */
  take(username: string, peer: string | undefined): Promise<boolean>;
  /** The attempt succeeded: its place is given back, only failures add up. */
  succeeded(username: string, peer: string | undefined): Promise<void>;
}

/**
 * Registers the hooks, which exist only with a token: a broker that uses them must send it
 * (MQTT_HOOK_TOKEN), so no one else can ask them to check passwords, and an install on the embedded
 * broker (which asks in-process) has none on its public port.
 */
export function registerBrokerHooks(
  app: FastifyInstance,
  access: BrokerAccess,
  hookToken: string | undefined,
  throttle: HookThrottle,
  /** A device's connection ended, as the broker says (its clean disconnect discards its will). */
  deviceGone: (serial: string) => Promise<void>,
): void {
  if (hookToken === undefined) return;
  // A bearer header (EMQX), or the `token` query parameter for plugins that take only a URI (go-auth).
  const trusted = (request: FastifyRequest) => {
    const header = request.headers.authorization ?? "";
    const query = (request.query as Record<string, unknown> | undefined)?.token;
    const given = header.startsWith("Bearer ") ? header.slice(7) : typeof query === "string" ? query : "";
    return given !== "" && sameText(given, hookToken);
  };
  // Brokers send JSON or a form; both are read into the same fields.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(BROKER_HOOK_PATHS.auth, { schema: { hide: true } }, async (request, reply) => {
      const body = authBody.safeParse(request.body);
      if (!trusted(request) || !body.success) return answer(reply, false);
      const { username, password, clientid, peerhost } = body.data;
      if (username === undefined || !(await throttle.take(username, peerhost))) return answer(reply, false);
      const admitted = (await access.authenticate(clientid ?? "", username, password)) !== null;
      if (admitted) await throttle.succeeded(username, peerhost);
      return answer(reply, admitted);
    });
    scope.post(BROKER_HOOK_PATHS.acl, { schema: { hide: true } }, async (request, reply) => {
      const body = aclBody.safeParse(request.body);
      if (!trusted(request) || !body.success) return answer(reply, false);
      const client = access.clientOf(body.data.username);
      // A device's client id is its serial (checked at connect); a mismatch is not that device.
      if (client?.role === "device" && body.data.clientid !== undefined && body.data.clientid !== client.serial) {
        return answer(reply, false);
      }
      const actions = actionsOf(body.data);
      return answer(reply, actions.length > 0 && actions.every((a) => access.allows(client, a, body.data.topic)));
    });
    // The broker says a machine's connection ended: it is offline now, whatever its last status said.
    scope.post(BROKER_HOOK_PATHS.events, { schema: { hide: true } }, async (request, reply) => {
      const body = eventBody.safeParse(request.body);
      if (!trusted(request) || !body.success) return answer(reply, false);
      const client = access.clientOf(body.data.username);
      const gone = body.data.event === "client.disconnected" || body.data.event === "client_disconnected";
      if (gone && client?.role === "device" && (body.data.clientid ?? client.serial) === client.serial) {
        await deviceGone(client.serial);
      }
      return answer(reply, true);
    });
    // No one is a broker superuser: the gateway's reach is the topic rule, like everyone's.
    scope.post(BROKER_HOOK_PATHS.superuser, { schema: { hide: true } }, async (_request, reply) =>
      answer(reply, false),
    );
  });
}
