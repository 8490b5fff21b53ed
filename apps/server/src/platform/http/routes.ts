import {
  ALL_ENDPOINTS,
  type EndpointContract,
  errorEnvelope,
  findEndpointId,
  type MemberAccess,
  type SessionAccess,
  successEnvelope,
} from "@washboard/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { cacheKey, FencedCache, stampsOf } from "../cache/fenced-cache.js";
import { RequestVersions } from "../cache/request-versions.js";
import type { VersionFence } from "../cache/version-fence.js";
import type { Db } from "../db/client.js";
import { englishHas } from "../i18n/messages.js";
import type { LiveBus } from "../live/bus.js";
import { type AccessPipeline, payloadOf } from "./access.js";
import type { MemberContext, RequestContext, SignedInContext } from "./context.js";
import { attachmentHeader, type FileAnswer } from "./download.js";
import { successBody } from "./envelope.js";
import { type MultipartOptions, readMultipart } from "./multipart.js";
import { type StreamOptions, serveStream } from "./stream.js";
import { assertStorableText } from "./text-guard.js";
import { registerWebhook, type WebhookEndpoint } from "./webhook.js";

/** A call's id, its kept answers' key; a call outside the shared registry (a test's own module) goes by its path. */
function actionOf(contract: EndpointContract): string {
  return findEndpointId(contract) ?? contract.path;
}

/**
 * The label the operation log names a mutating call's rows by: the one its contract declares
 * (`log`). A mutating call without one, or with one the catalogues have no text for, would show
 * operators a raw id, so the server does not start. A read call has none.
 */
export function logLabelOf(
  contract: EndpointContract,
  hasLabel: (key: string) => boolean = englishHas,
): string | undefined {
  if (!contract.mutates) return undefined;
  const { log } = contract;
  if (log === undefined)
    throw new Error(`${contract.path} changes data but its contract declares no operation-log label`);
  if (!hasLabel(`actions.${log}`)) {
    throw new Error(
      `${contract.path} has the operation-log label ${log}, with no text (actions.${log} in the catalogues)`,
    );
  }
  return log;
}

/** What a call's handler is given: a signed-in context for session calls, a bare one for public calls. */
export type ContextOf<C extends EndpointContract> = C["access"] extends SessionAccess
  ? SignedInContext
  : C["access"] extends MemberAccess
    ? MemberContext
    : RequestContext;

export type CallHandler<C extends EndpointContract> = (
  input: z.output<C["body"]>,
  ctx: ContextOf<C>,
) => Promise<z.input<C["result"]>>;

export interface CallOptions {
  /**
   * The call takes multipart/form-data: one file (at most `maxBytes`, else PAYLOAD_TOO_LARGE) in
   * `ctx.upload`, and text fields (token, token_type, vendor_id, …) as the payload, so the session,
   * level, permission and tenant checks are the same as for every other call.
   */
  multipart?: MultipartOptions;
  /**
   * "vendor": the answer depends only on the scope vendor's records and the payload (and is the same
   * for every level and permission set that may ask), so each instance keeps it and answers again
   * from memory while the vendor's cache key is unchanged (platform/cache). Every table the handler
   * reads must raise that key (platform/cache/cache-versions.sql; cached-calls.test.ts checks it).
   */
  cache?: "vendor";
}

export interface RoutesDeps {
  access: AccessPipeline;
  db: Db;
  live: LiveBus;
  /** How often an open stream sends a heartbeat and checks its session. */
  heartbeatMs: number;
  /** Reads cache versions for the calls whose answers are kept (`CallOptions.cache`). */
  fence: VersionFence;
  /** Whether answers are kept at all (config `answerCache`). */
  answerCache: boolean;
}

declare module "fastify" {
  interface FastifyInstance {
    /** The calls whose answers are kept (`CallOptions.cache`), for the test that checks what they read. */
    cachedCalls: readonly EndpointContract[];
  }
}

/** How many kept answers one instance holds, across all cached calls. */
const KEPT_ANSWERS = 2_000;
/** The least a browser waits before reconnecting its stream when this instance stops (up to twice it). */
const STREAM_RETRY_MS = 1_000;

/**
 * Where modules declare their endpoints. Every kind goes through the one access pipeline
 * (`access.ts`); this class only wires each kind's transport onto Fastify:
 *
 * - `call`: a contract answered with the JSON envelope `{ status, result, server_time }`;
 * - `stream`: a contract answered with server-sent events from the live bus, per tenant;
 * - `download`: a contract answered with a file written while it is sent (an export);
 * - `webhook`: a provider's public notification endpoint, signature-checked, each event acted on once.
 */
export class Routes {
  private readonly registered = new Set<EndpointContract>();
  private readonly openStreams = new Set<(retryMs?: number) => void>();
  private readonly answers = new FencedCache<unknown>(KEPT_ANSWERS);
  private readonly cachedCalls: EndpointContract[] = [];

  constructor(
    readonly app: FastifyInstance,
    private readonly deps: RoutesDeps,
  ) {
    app.decorate("cachedCalls", this.cachedCalls);
    // Open streams would hold the server's close; they end first, each telling its browser to
    // reconnect (through the balancer, to another instance) after a spread of delays, so the
    // browsers of a stopping instance do not all arrive at once.
    app.addHook("preClose", async () => {
      for (const end of [...this.openStreams]) end(STREAM_RETRY_MS + Math.floor(Math.random() * STREAM_RETRY_MS));
    });
  }

  private get access(): AccessPipeline {
    return this.deps.access;
  }

  call<C extends EndpointContract>(contract: C, handler: CallHandler<C>, options: CallOptions = {}): void {
    const { access } = this;
    const logLabel = logLabelOf(contract);
    this.registered.add(contract);
    if (options.cache) this.cachedCalls.push(contract);
    const action = actionOf(contract);
    const answer = options.cache && this.deps.answerCache ? this.keptAnswer(action, handler) : handler;
    const payloadKey = contract.method === "GET" ? "querystring" : "body";
    this.app.withTypeProvider<ZodTypeProvider>().route({
      method: contract.method,
      url: contract.path,
      schema: {
        summary: contract.summary,
        [payloadKey]: contract.body,
        response: { 200: successEnvelope(contract.result), "4xx": errorEnvelope, "5xx": errorEnvelope },
      },
      preValidation: async (request) => {
        const authorize = (payload: Record<string, unknown>) => access.authorize(request, contract, payload);
        if (options.multipart && request.isMultipart()) await readMultipart(request, options.multipart, authorize);
        else await authorize(payloadOf(request));
        assertStorableText(payloadOf(request));
      },
      onSend:
        logLabel !== undefined
          ? async (request, reply, payload) => {
              try {
                await access.recordOperation({
                  ctx: request.ctx,
                  action: logLabel,
                  statusCode: reply.statusCode,
                  payload,
                });
              } catch (error) {
                // The call has its answer: a log that cannot be written is the server's fault to report,
                // not a reason to replace that answer with another.
                request.log.error({ err: error, action: logLabel }, "operation log not written");
              }
              return payload;
            }
          : undefined,
      handler: async (request) => {
        const input = (contract.method === "GET" ? request.query : request.body) as z.output<C["body"]>;
        // The pipeline has required a session for session calls, so the context is signed in.
        const ctx = (
          contract.access.kind === "session"
            ? access.signedIn(request)
            : contract.access.kind === "member"
              ? access.memberOf(request)
              : request.ctx
        ) as ContextOf<C>;
        return successBody(await answer(input, ctx));
      },
    });
  }

  /**
   * A vendor-scoped call's handler, answering from the instance's kept answers while the vendor's
   * version is unchanged. The version is read before the handler reads, so an answer is never kept
   * under a newer version than its data.
   */
  private keptAnswer<C extends EndpointContract>(action: string, handler: CallHandler<C>): CallHandler<C> {
    const { fence } = this.deps;
    const answers = this.answers;
    return async (input, ctx) => {
      const { actor, scope } = ctx as SignedInContext;
      if (scope.vendorId === null) return handler(input, ctx);
      const keys = [cacheKey.vendor(scope.vendorId)];
      const id = [action, scope.vendorId, actor.level, actor.permissions.join(","), JSON.stringify(input)].join("\n");
      const versions = await (ctx.versions ?? new RequestVersions(fence)).read(keys);
      const kept = answers.get(id, versions);
      if (kept !== undefined) return kept as z.input<C["result"]>;
      const fresh = await handler(input, ctx);
      answers.set(id, fresh, stampsOf(keys, versions));
      return fresh;
    };
  }

  stream<C extends EndpointContract<z.ZodType, z.ZodType, SessionAccess>>(
    contract: C,
    options: Pick<StreamOptions, "select">,
  ): void {
    // The contract says so, so that the console and the tests know its answer is a stream.
    if (!contract.stream) throw new Error(`${contract.path} is served as a stream but its contract says no stream`);
    const { access, live, heartbeatMs } = this.deps;
    logLabelOf(contract);
    this.registered.add(contract);
    const track = (end: (retryMs?: number) => void) => {
      this.openStreams.add(end);
      return () => void this.openStreams.delete(end);
    };
    this.app.withTypeProvider<ZodTypeProvider>().route({
      method: "GET",
      url: contract.path,
      schema: {
        summary: contract.summary,
        querystring: contract.body,
        produces: ["text/event-stream"],
        response: { "4xx": errorEnvelope, "5xx": errorEnvelope },
      },
      preValidation: async (request) => {
        await access.authorize(request, contract, payloadOf(request));
        assertStorableText(payloadOf(request));
      },
      handler: async (request, reply) =>
        serveStream(request, reply, access.signedIn(request), live, {
          select: options.select,
          heartbeatMs,
          stillSignedIn: () => access.stillSignedIn(request),
          track,
        }),
    });
  }

  download<C extends EndpointContract<z.ZodType, z.ZodType, SessionAccess>>(
    contract: C,
    handler: (input: z.output<C["body"]>, ctx: SignedInContext) => Promise<FileAnswer>,
  ): void {
    if (!contract.download) throw new Error(`${contract.path} is served as a file but its contract says no download`);
    const { access } = this;
    logLabelOf(contract);
    this.registered.add(contract);
    // Without the type provider: the answer is a stream, which no response schema describes.
    this.app.route({
      method: contract.method,
      url: contract.path,
      schema: {
        summary: contract.summary,
        [contract.method === "GET" ? "querystring" : "body"]: contract.body,
        produces: ["application/octet-stream"],
        response: { "4xx": errorEnvelope, "5xx": errorEnvelope },
      },
      preValidation: async (request) => {
        await access.authorize(request, contract, payloadOf(request));
        assertStorableText(payloadOf(request));
      },
      handler: async (request, reply) => {
        const input = (contract.method === "GET" ? request.query : request.body) as z.output<C["body"]>;
        const file = await handler(input, access.signedIn(request));
        // Once the first bytes are out, a failure can only cut the file short: the log says why.
        file.body.on("error", (error) => request.log.error({ err: error, path: contract.path }, "download cut short"));
        return reply
          .header("content-type", file.contentType)
          .header("content-disposition", attachmentHeader(file.filename))
          .header("cache-control", "no-store")
          .send(file.body);
      },
    });
  }

  webhook<Event>(endpoint: WebhookEndpoint<Event>): void {
    registerWebhook(this.app, this.deps.db, endpoint);
  }

  /** Fails start-up when a contract of the shared registry has no handler. */
  assertComplete(): void {
    const missing = ALL_ENDPOINTS.filter((c) => !this.registered.has(c)).map((c) => c.path);
    if (missing.length > 0) throw new Error(`API contracts without a handler: ${missing.join(", ")}`);
  }
}
