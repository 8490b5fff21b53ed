import { z } from "zod";
import type { ConsoleLevel } from "../access/levels.js";
import type { PermissionRequirement } from "../access/permissions.js";
import type en from "../i18n/locales/en.json";

/**
 * An API call as both sides see it: path, method, who may call it, and the zod schemas of its
 * payload and result. The server registers a handler per contract; the console calls by contract.
 */
export type Access = PublicAccess | SessionAccess | MemberAccess;
export interface PublicAccess {
  kind: "public";
}
/**
 * A customer signed in to the member app (its own token kind, `token_type` 2): never a console
 * session, and a member token opens no console call.
 */
export interface MemberAccess {
  kind: "member";
}
/**
 * A signed-in caller of one of `levels` (any console level when absent), holding `permission` at
 * level 4: the leaf key of what the call does, never a group key (PermissionRequirement).
 */
export interface SessionAccess {
  kind: "session";
  levels?: readonly ConsoleLevel[];
  permission?: PermissionRequirement;
}

/**
 * `A` keeps the literal kind of access, so the server can hand a session call's handler a signed-in
 * context by type.
 */
export interface EndpointContract<
  Body extends z.ZodType = z.ZodType,
  Result extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  method: "GET" | "POST";
  path: string;
  summary: string;
  access: A;
  /** Payload: the body for POST, the query for GET. */
  body: Body;
  result: Result;
  /** Mutating calls write an operation-log row. */
  mutates: boolean;
  /** What the operation log calls a mutating call (see LogLabel); `endpoint` demands it of every one. */
  log?: LogLabel;
  /**
   * Answered as server-sent events (text/event-stream) once let through, instead of the JSON
   * envelope; refusals still answer the error envelope. `result` then describes one event.
   */
  stream?: true;
  /**
   * Answered as a file to save (Content-Disposition: attachment), written while it is sent, instead of
   * the JSON envelope; refusals still answer the error envelope. `result` then describes nothing.
   */
  download?: true;
}

type ActionCatalogue = (typeof en)["actions"];
/**
 * The operation-log label of a call: its key in the catalogues' `actions` section ("shops.create"),
 * whose text in each of the 12 languages names the change in the log. The log stores it, the console
 * translates it; a label without an English text does not compile.
 */
export type LogLabel = {
  [Domain in keyof ActionCatalogue & string]: `${Domain}.${keyof ActionCatalogue[Domain] & string}`;
}[keyof ActionCatalogue & string];

/** A call that changes data names its operation-log label; a read call has none. */
type LogDeclaration<Mutates extends boolean> = Mutates extends true ? { log: LogLabel } : { log?: never };

export function endpoint<Body extends z.ZodType, Result extends z.ZodType, A extends Access, Mutates extends boolean>(
  contract: EndpointContract<Body, Result, A> & { mutates: Mutates } & LogDeclaration<Mutates>,
): EndpointContract<Body, Result, A> & { mutates: Mutates } {
  return contract;
}

export const emptyBody = z.object({});

export const successEnvelope = <T extends z.ZodType>(result: T) =>
  z.object({ status: z.literal(200), result, server_time: z.number().int() });

export const errorEnvelope = z.object({
  status: z.number().int(),
  code: z.string(),
  message: z.string(),
  /** The offending field of a validation error, as a dotted path. */
  field: z.string().optional(),
  /** The i18n key of a validation message, so the console can translate it. */
  message_key: z.string().optional(),
  /** Values the message_key's text interpolates, e.g. { shops: 2 } for what still depends on a record. */
  message_params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  /** Of a failure on the server's side (500): the id its log records it under, to quote to support. */
  request_id: z.string().optional(),
  server_time: z.number().int(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type BodyOf<C> = C extends EndpointContract<infer B, z.ZodType> ? z.input<B> : never;
export type ResultOf<C> = C extends EndpointContract<z.ZodType, infer R> ? z.output<R> : never;
