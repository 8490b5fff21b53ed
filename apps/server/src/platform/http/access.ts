import { timingSafeEqual } from "node:crypto";
import { type EndpointContract, hasPermission, isGroupLevel, MAX_RECORD_ID } from "@washboard/shared";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";
import type { Actor, MemberContext, MemberSession, RequestContext, SignedInContext, TenantScope } from "./context.js";
import { sendError } from "./envelope.js";

/**
 * What the access pipeline needs to know about accounts, tenants and the log. The modules that own
 * those records provide them (auth, tenancy, operation-log), so `platform/` imports no module.
 */
export interface AccessLookups {
  /**
   * The account behind a session token and the tenant it acts on, read in one statement after the
   * request arrived; throws UNAUTHORIZED or SESSION_EXPIRED.
   */
  resolveSession(token: string, asked: SessionAsked): Promise<SignedInSession>;
  /** The member behind a member-app token; throws UNAUTHORIZED. */
  resolveMember(token: string): Promise<MemberSession>;
  /** Writes the operation-log row of one mutating call, whatever its outcome. */
  recordOperation(entry: OperationRecord): Promise<void>;
}

/** What a request asks of its session beside the account. */
export interface SessionAsked {
  /** The vendor a group level names (`vendor_id`), or null. */
  vendorId: number | null;
  /**
   * The call changes nothing: what the session's statement read of the scope (its vendor's row)
   * may answer the call's own reads of it. A call that changes data reads them afresh.
   */
  readOnly: boolean;
}

/**
 * A session's account and the tenant it acts on: levels 3/4 their vendor; levels 6/7 their group,
 * or the vendor of it they name. `scope` is undefined when the vendor named is not the group's.
 */
export interface SignedInSession {
  actor: Actor;
  scope: TenantScope | undefined;
}

export interface OperationRecord {
  ctx: RequestContext;
  /** The call's id ("shops.create"). */
  action: string;
  statusCode: number;
  /** The serialized answer, from which a failure's error code is read. */
  payload: unknown;
}

/**
 * The /api routes anyone may read without the api-key, by their route path: documents that are the
 * same for every install and hold no tenant's data — the OpenAPI document, and the device protocol's
 * JSON Schemas a controller maker reads (`modules/devices/protocol-schemas.ts`: its index and its
 * one route per schema file).
 */
const API_KEY_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  "/api/openapi.json",
  "/api/device-protocol/",
  "/api/device-protocol/:file",
]);

/**
 * The one access pipeline every endpoint kind goes through:
 *
 *   api-key (every /api request) → session → level → permission key (level 4) → tenant scope
 *   → [payload validation, handler] → operation log (mutating calls)
 *
 * The permission key is the leaf the contract names (`hasPermission`: a group key is never a
 * right); a call naming `oneOf` leaves narrows its answer to the records of those the actor holds.
 *
 * `call` and `stream` endpoints run all of it; `webhook` endpoints are public and outside /api, so
 * they take no api-key or session and are authenticated by their provider's signature instead.
 */
export class AccessPipeline {
  constructor(
    private readonly lookups: AccessLookups,
    private readonly apiKey: string,
  ) {}

  /** Spec §7: every /api call carries the fixed api-key header (compared in constant time). */
  installApiKeyCheck(app: FastifyInstance): void {
    const expected = Buffer.from(this.apiKey);
    app.addHook("onRequest", async (request, reply) => {
      // The matched route, not the raw URL: "/%61pi/…" reaches an /api route without starting with "/api/".
      const path = request.routeOptions.url ?? request.url;
      if (!path.startsWith("/api/") || API_KEY_EXEMPT_ROUTES.has(path)) return;
      const given = Buffer.from(String(request.headers["api-key"] ?? ""));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return sendError(reply, new AppError("API_KEY_INVALID"));
      }
    });
  }

  /**
   * Session, level, permission key and tenant scope of one request, from its payload (the body for
   * POST, the query for GET, the text fields of a multipart form). Leaves the actor and scope on
   * `request.ctx`; throws the refusal the caller should get.
   */
  async authorize(
    request: FastifyRequest,
    contract: Pick<EndpointContract, "access" | "mutates">,
    payload: Record<string, unknown>,
  ): Promise<void> {
    const { access } = contract;
    if (access.kind === "public") return;
    if (access.kind === "member") {
      const token = memberTokenOf(request, payload);
      if (!token) throw new AppError("UNAUTHORIZED");
      request.ctx.member = await this.lookups.resolveMember(token);
      return;
    }
    const token = tokenOf(request, payload);
    if (!token) throw new AppError("UNAUTHORIZED");
    const wanted = wantedVendorOf(payload);
    const { actor, scope } = await this.lookups.resolveSession(token, {
      vendorId: typeof wanted === "number" ? wanted : null,
      readOnly: !contract.mutates,
    });
    request.ctx.actor = actor;
    if (access.levels && !access.levels.includes(actor.level)) throw new AppError("NO_PERMISSION");
    if (actor.level === 4 && access.permission && !hasPermission(actor.permissions, access.permission)) {
      throw new AppError("NO_PERMISSION");
    }
    // A vendor named that is not the group's, or cannot exist, is "not found"; levels 3/4 act on theirs.
    if (!scope || (isGroupLevel(actor.level) && wanted === "out of range")) throw new AppError("NOT_FOUND");
    request.ctx.scope = scope;
  }

  /**
   * Whether the session a long-lived request (a stream) was let through with is still valid: a
   * logout, a revocation or a disabled account ends it.
   */
  async stillSignedIn(request: FastifyRequest): Promise<boolean> {
    try {
      const token = tokenOf(request, payloadOf(request));
      if (!token) return false;
      await this.lookups.resolveSession(token, { vendorId: null, readOnly: true });
      return true;
    } catch {
      return false;
    }
  }

  /** The signed-in context of a request `authorize` let through a session access. */
  signedIn(request: FastifyRequest): SignedInContext {
    if (!request.ctx.actor) throw new AppError("UNAUTHORIZED");
    return request.ctx as SignedInContext;
  }

  /** The member context of a request `authorize` let through a member access. */
  memberOf(request: FastifyRequest): MemberContext {
    if (!request.ctx.member) throw new AppError("UNAUTHORIZED");
    return request.ctx as MemberContext;
  }

  recordOperation(entry: OperationRecord): Promise<void> {
    return this.lookups.recordOperation(entry);
  }
}

/**
 * The vendor a group level names (`vendor_id`, the top bar's vendor selector): null when none, or
 * "out of range" when no vendor can have that id (querying it would fail with a 500).
 */
function wantedVendorOf(payload: Record<string, unknown>): number | null | "out of range" {
  const wanted = payload.vendor_id;
  if (wanted === undefined || wanted === null || wanted === "") return null;
  const vendorId = Number(wanted);
  return Number.isInteger(vendorId) && vendorId > 0 && vendorId <= MAX_RECORD_ID ? vendorId : "out of range";
}

/**
 * Spec §7: the token travels in the payload with token_type 1; `Authorization: Bearer` is accepted
 * too. A request naming two different sessions, or another token type, is refused rather than
 * guessed at: which one the caller meant cannot be known.
 */
function tokenOf(request: FastifyRequest, payload: Record<string, unknown>): string | undefined {
  const { token_type: tokenType } = payload;
  if (tokenType !== undefined && tokenType !== 1 && tokenType !== "1") throw new AppError("UNAUTHORIZED");
  const fromPayload = typeof payload.token === "string" && payload.token !== "" ? payload.token : undefined;
  const header = request.headers.authorization;
  const fromHeader = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
  if (fromPayload !== undefined && fromHeader !== undefined && fromPayload !== fromHeader) {
    throw new AppError("UNAUTHORIZED");
  }
  return fromPayload ?? fromHeader;
}

/**
 * A member-app token: `token_type` 2 with the token in the payload, or the Bearer header. A console
 * session's token type (1) is refused here, as a member token type is refused by `tokenOf`.
 */
const MEMBER_TOKEN_TYPE = 2;
function memberTokenOf(request: FastifyRequest, payload: Record<string, unknown>): string | undefined {
  const { token_type: tokenType } = payload;
  if (tokenType !== undefined && tokenType !== MEMBER_TOKEN_TYPE && tokenType !== String(MEMBER_TOKEN_TYPE)) {
    throw new AppError("UNAUTHORIZED");
  }
  const fromPayload = typeof payload.token === "string" && payload.token !== "" ? payload.token : undefined;
  const header = request.headers.authorization;
  const fromHeader = header?.startsWith("Bearer ") ? header.slice(7) : undefined;
  if (fromPayload !== undefined && fromHeader !== undefined && fromPayload !== fromHeader) {
    throw new AppError("UNAUTHORIZED");
  }
  return fromPayload ?? fromHeader;
}

/** The payload of a JSON request: the body for POST, the query for GET. */
export function payloadOf(request: FastifyRequest): Record<string, unknown> {
  const source = request.method === "GET" ? request.query : request.body;
  return typeof source === "object" && source !== null ? (source as Record<string, unknown>) : {};
}
