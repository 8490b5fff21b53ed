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
const authBody = z.object({ username: text.optional(), password: text.optional(), clientid: text.optional() });
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

export function registerBrokerHooks(
  app: FastifyInstance,
  access: BrokerAccess,
  hookToken: string | undefined,
  /** A device's connection ended, as the broker says (its clean disconnect discards its will). */
  deviceGone: (serial: string) => Promise<void>,
): void {
  const trusted = (request: FastifyRequest) => {
    if (hookToken === undefined) return true;
    const header = request.headers.authorization ?? "";
    return header.startsWith("Bearer ") && sameText(header.slice(7), hookToken);
  };
  // Brokers send JSON or a form; both are read into the same fields.
  app.register(async (scope) => {
    scope.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post(BROKER_HOOK_PATHS.auth, { schema: { hide: true } }, async (request, reply) => {
      const body = authBody.safeParse(request.body);
      if (!trusted(request) || !body.success) return answer(reply, false);
      const { username, password, clientid } = body.data;
      return answer(reply, (await access.authenticate(clientid ?? "", username, password)) !== null);
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
