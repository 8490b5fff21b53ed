import type { IncomingHttpHeaders } from "node:http";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Db, Tx } from "../db/client.js";
import { webhookEvents } from "../webhooks/tables.js";

/** What a provider is answered: its own format (Stripe any 2xx, WeChat Pay JSON, Alipay "success"). */
export interface WebhookAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface WebhookDelivery<Event> {
  /** The provider's id of the event: what makes a replay recognisable. */
  eventId: string;
  vendorId: number | null;
  event: Event;
}

export interface WebhookRequest {
  /** The exact bytes received: signatures are computed over them, never over re-serialized JSON. */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
}

/** Thrown by `verify` for a missing, forged or stale signature: the request is refused and nothing is recorded. */
export class WebhookRefused extends Error {}

export interface WebhookEndpoint<Event> {
  /** Outside /api (no api-key, no session): e.g. "/webhooks/stripe/:vendorId". */
  path: string;
  provider: string;
  /** Checks the provider's signature with the vendor's credentials and reads the event. */
  verify(request: WebhookRequest): Promise<WebhookDelivery<Event>>;
  /** Acts on a verified, first-seen event inside the transaction that records it. */
  handle(delivery: WebhookDelivery<Event>, tx: Tx): Promise<WebhookAnswer>;
  /** What a refused request is answered (default 401 with a short JSON body). */
  refused?: WebhookAnswer;
}

const REFUSED: WebhookAnswer = {
  status: 401,
  contentType: "application/json",
  body: JSON.stringify({ code: "SIGNATURE_INVALID", message: "signature verification failed" }),
};

const send = (reply: FastifyReply, answer: WebhookAnswer) =>
  reply.code(answer.status).type(answer.contentType).send(answer.body);

/**
 * Registers a provider's notification endpoint: the raw body goes to the provider's signature
 * check; a verified event is recorded and acted on in one transaction, once per provider, vendor and
 * event id.
 * A replay (the provider retrying, an attacker resending a captured request) is answered exactly
 * as the first delivery was and changes nothing; if acting fails, nothing is recorded and the
 * provider is answered 500, so it retries.
 */
export function registerWebhook<Event>(app: FastifyInstance, db: Db, endpoint: WebhookEndpoint<Event>): void {
  app.register(async (scope) => {
    // Only this encapsulated scope reads bodies as raw bytes, whatever their content type.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1_048_576 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: Record<string, string> }>(endpoint.path, async (request, reply) => {
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let delivery: WebhookDelivery<Event>;
      try {
        delivery = await endpoint.verify({ rawBody, headers: request.headers, params: request.params });
      } catch (error) {
        if (!(error instanceof WebhookRefused)) throw error;
        request.log.warn({ provider: endpoint.provider, reason: error.message }, "webhook refused");
        request.server.metrics.webhooks.verificationRefused(endpoint.provider);
        return send(reply, endpoint.refused ?? REFUSED);
      }
      const answer = await db.transaction(async (tx) => {
        const [recorded] = await tx
          .insert(webhookEvents)
          .values({ provider: endpoint.provider, eventId: delivery.eventId, vendorId: delivery.vendorId })
          .onConflictDoNothing()
          .returning({ id: webhookEvents.id });
        if (!recorded) return firstAnswer(tx, endpoint.provider, delivery.vendorId, delivery.eventId);
        const first = await endpoint.handle(delivery, tx);
        await tx
          .update(webhookEvents)
          .set({ answerStatus: first.status, answerType: first.contentType, answerBody: first.body })
          .where(eq(webhookEvents.id, recorded.id));
        return first;
      });
      return send(reply, answer);
    });
  });
}

async function firstAnswer(tx: Tx, provider: string, vendorId: number | null, eventId: string): Promise<WebhookAnswer> {
  const [row] = await tx
    .select()
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, provider),
        vendorId === null ? isNull(webhookEvents.vendorId) : eq(webhookEvents.vendorId, vendorId),
        eq(webhookEvents.eventId, eventId),
      ),
    );
  if (!row) throw new Error("a recorded webhook event vanished");
  return { status: row.answerStatus, contentType: row.answerType, body: row.answerBody };
}
