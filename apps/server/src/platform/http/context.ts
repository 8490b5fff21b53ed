import type { ConsoleLevel } from "@washboard/shared";
import type { FastifyRequest } from "fastify";
import type { RequestVersions } from "../cache/request-versions.js";

/** The signed-in account behind a request. */
export interface Actor {
  accountId: number;
  sessionId: number;
  username: string;
  nickname: string;
  level: ConsoleLevel;
  groupId: number | null;
  vendorId: number | null;
  /** Effective permission keys (level 4 only; empty for other levels). */
  permissions: readonly string[];
}

/**
 * The tenant a request acts on, resolved once per request: levels 3/4 act on their own vendor;
 * levels 6/7 act on their group and, when they chose one, on a vendor of that group.
 */
export interface TenantScope {
  groupId: number | null;
  vendorId: number | null;
  /**
   * A sub-account limited to some of its vendor's shops: the records that belong to a shop are those
   * of these shops only (modules/tenancy/scope.ts). Absent or null: every shop of the vendor.
   */
  shopIds?: readonly number[] | null;
}

export interface AuditNote {
  target?: string;
  /** For calls made before a session exists (sign-in, registration). */
  actorName?: string;
  accountId?: number;
  groupId?: number | null;
  vendorId?: number | null;
}

/** The customer behind a member-app token. */
export interface MemberSession {
  memberId: number;
  vendorId: number;
  /** The member_sessions row of the call's token (absent where the server acts for a member itself: the demo's seed). */
  sessionId?: number;
}

export interface RequestContext {
  actor: Actor | null;
  /** The member of a member-app call (`member` access), never set beside an actor. */
  member?: MemberSession;
  scope: TenantScope;
  ip: string;
  userAgent: string;
  audit: AuditNote;
  /** This request's reads of the cache versions (set for every HTTP request; absent in a bare context). */
  versions?: RequestVersions;
  /** The file of a multipart upload call, read after the access check (`Routes.call` with `multipart`). */
  upload?: UploadedFile;
}

export interface UploadedFile {
  bytes: Buffer;
  /** The name the client gave; never used to store the file. */
  filename: string;
  /** The type the client claimed; the server trusts only the file's magic bytes. */
  mimetype: string;
}

export type SignedInContext = RequestContext & { actor: Actor };
export type MemberContext = RequestContext & { member: MemberSession };

declare module "fastify" {
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** The context of a request before the access pipeline has looked at it: no actor, no tenant. */
export function newRequestContext(request: FastifyRequest, versions: RequestVersions): RequestContext {
  return {
    versions,
    actor: null,
    scope: { groupId: null, vendorId: null },
    ip: request.ip,
    userAgent: String(request.headers["user-agent"] ?? ""),
    audit: {},
  };
}
