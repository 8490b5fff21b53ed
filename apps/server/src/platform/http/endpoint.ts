import {
  ALL_ENDPOINTS,
  type EndpointContract,
  endpointId,
  errorEnvelope,
  hasPermission,
  isGroupLevel,
  successEnvelope,
} from "@washboard/shared";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { resolveSession } from "../../modules/auth/sessions.js";
import { vendors } from "../../modules/tenancy/tables.js";
import { writeOperationLog } from "../audit/operation-log.js";
import type { Config } from "../config.js";
import type { Db } from "../db/client.js";
import type { SecretBox } from "../secrets/secret-box.js";
import type { FileStore } from "../storage/file-store.js";
import { AppError } from "./app-error.js";
import type { RequestContext, SignedInContext, TenantScope } from "./context.js";
import { successBody } from "./envelope.js";

export interface AppDeps {
  db: Db;
  config: Config;
  /** Seals and opens secrets stored in the database. */
  secrets: SecretBox;
  /** Where uploaded files are kept (DATA_DIR/uploads on disk). */
  files: FileStore;
}

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Options of one endpoint's registration. */
export interface HandleOptions {
  /**
   * The call takes multipart/form-data: one file (at most `maxBytes`, else PAYLOAD_TOO_LARGE) in
   * `request.ctx.upload`, and text fields (token, token_type, vendor_id, …) as the payload, so the
   * session, level, permission and tenant checks are the same as for every other call.
   */
  multipart?: { maxBytes: number; fileField: string };
}

/**
 * Reads a multipart request: its text fields become the payload, its one file `ctx.upload`. The
 * fields come first (the console appends the token before the file), and `authorize` runs on them
 * before a byte of the file is read: a caller without a session, level or key never gets its file
 * read. A file sent before the token finds no session and is refused the same way.
 */
async function readMultipart(
  request: FastifyRequest,
  options: { maxBytes: number; fileField: string },
  authorize: (payload: Record<string, unknown>) => Promise<void>,
) {
  // Anything else goes through the usual checks; the handler then finds no file in `ctx.upload`.
  if (!request.isMultipart()) return authorize(rawPayload(request));
  const fields: Record<string, string> = {};
  let authorized = false;
  const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 4096 } });
  for await (const part of parts) {
    if (part.type === "file") {
      if (!authorized) {
        await authorize(fields);
        authorized = true;
      }
      // Throws a 413 (PAYLOAD_TOO_LARGE) once the file passes maxBytes.
      const bytes = await part.toBuffer();
      if (part.fieldname === options.fileField) {
        request.ctx.upload = { bytes, filename: part.filename, mimetype: part.mimetype };
      }
    } else if (typeof part.value === "string") {
      fields[part.fieldname] = part.value;
    }
  }
  if (!authorized) await authorize(fields);
  request.body = fields;
}

export type Handler<C extends EndpointContract> = (
  input: z.output<C["body"]>,
  ctx: RequestContext,
) => Promise<z.input<C["result"]>>;

/** The signed-in actor of a session endpoint (the access check has already required one). */
export function signedIn(ctx: RequestContext): SignedInContext {
  if (!ctx.actor) throw new AppError("UNAUTHORIZED");
  return ctx as SignedInContext;
}

function rawPayload(request: FastifyRequest): Record<string, unknown> {
  const source = request.method === "GET" ? request.query : request.body;
  return typeof source === "object" && source !== null ? (source as Record<string, unknown>) : {};
}

/** Spec §7: the token travels in the payload; `Authorization: Bearer` is accepted too. */
function tokenOf(request: FastifyRequest, payload: Record<string, unknown>): string | undefined {
  const fromPayload = payload.token;
  if (typeof fromPayload === "string" && fromPayload !== "") return fromPayload;
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7);
  return undefined;
}

async function resolveScope(db: Db, ctx: SignedInContext, payload: Record<string, unknown>): Promise<TenantScope> {
  const { actor } = ctx;
  if (!isGroupLevel(actor.level)) return { groupId: actor.groupId, vendorId: actor.vendorId };
  const wanted = payload.vendor_id;
  if (wanted === undefined || wanted === null || wanted === "") return { groupId: actor.groupId, vendorId: null };
  const vendorId = Number(wanted);
  // Outside PostgreSQL's integer range no vendor can match; querying would fail with a 500.
  const inRange = Number.isInteger(vendorId) && vendorId > 0 && vendorId <= 2_147_483_647;
  if (!inRange || actor.groupId === null) throw new AppError("NOT_FOUND");
  const [row] = await db
    .select({ id: vendors.id })
    .from(vendors)
    .where(and(eq(vendors.id, vendorId), eq(vendors.groupId, actor.groupId)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return { groupId: actor.groupId, vendorId };
}

/**
 * Registers handlers for API contracts. Every call goes through the same steps: api-key (global
 * hook), session, level, permission key, tenant scope, payload validation, handler, envelope, and
 * for mutating calls an operation-log row whatever the outcome.
 */
export class EndpointRegistrar {
  private readonly registered = new Set<EndpointContract>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: AppDeps,
  ) {}

  handle<C extends EndpointContract>(contract: C, handler: Handler<C>, options: HandleOptions = {}): void {
    const { db, config } = this.deps;
    this.registered.add(contract);
    const payloadKey = contract.method === "GET" ? "querystring" : "body";
    const action = endpointId(contract);
    this.app.withTypeProvider<ZodTypeProvider>().route({
      method: contract.method,
      url: contract.path,
      schema: {
        summary: contract.summary,
        [payloadKey]: contract.body,
        response: { 200: successEnvelope(contract.result), "4xx": errorEnvelope, "5xx": errorEnvelope },
      },
      preValidation: async (request) => {
        const authorize = async (payload: Record<string, unknown>) => {
          const { access } = contract;
          if (access.kind === "public") return;
          const token = tokenOf(request, payload);
          if (!token) throw new AppError("UNAUTHORIZED");
          const actor = await resolveSession(db, config, token);
          request.ctx.actor = actor;
          if (access.levels && !access.levels.includes(actor.level)) throw new AppError("NO_PERMISSION");
          if (actor.level === 4 && access.permission && !hasPermission(actor.permissions, access.permission)) {
            throw new AppError("NO_PERMISSION");
          }
          request.ctx.scope = await resolveScope(db, signedIn(request.ctx), payload);
        };
        const { multipart } = options;
        if (multipart) await readMultipart(request, multipart, authorize);
        else await authorize(rawPayload(request));
      },
      onSend: contract.mutates
        ? async (request, reply, payload) => {
            await writeOperationLog(db, request.ctx, action, reply.statusCode, payload);
            return payload;
          }
        : undefined,
      handler: async (request) => {
        const input = contract.method === "GET" ? request.query : request.body;
        return successBody(await handler(input as z.output<C["body"]>, request.ctx));
      },
    });
  }

  /** Fails start-up when a contract of the shared registry has no handler. */
  assertComplete(): void {
    const missing = ALL_ENDPOINTS.filter((c) => !this.registered.has(c)).map((c) => c.path);
    if (missing.length > 0) throw new Error(`API contracts without a handler: ${missing.join(", ")}`);
  }
}

export function newRequestContext(request: FastifyRequest): RequestContext {
  return {
    actor: null,
    scope: { groupId: null, vendorId: null },
    ip: request.ip,
    userAgent: String(request.headers["user-agent"] ?? ""),
    audit: {},
  };
}
