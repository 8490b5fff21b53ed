import { z } from "zod";
import type { ConsoleLevel } from "../access/levels.js";

/**
 * An API call as both sides see it: path, method, who may call it, and the zod schemas of its
 * payload and result. The server registers a handler per contract; the console calls by contract.
 */
export type Access = { kind: "public" } | { kind: "session"; levels?: readonly ConsoleLevel[]; permission?: string };

export interface EndpointContract<Body extends z.ZodType = z.ZodType, Result extends z.ZodType = z.ZodType> {
  method: "GET" | "POST";
  path: string;
  summary: string;
  access: Access;
  /** Payload: the body for POST, the query for GET. */
  body: Body;
  result: Result;
  /** Mutating calls write an operation-log row. */
  mutates: boolean;
}

export function endpoint<Body extends z.ZodType, Result extends z.ZodType>(
  contract: EndpointContract<Body, Result>,
): EndpointContract<Body, Result> {
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
  server_time: z.number().int(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type BodyOf<C> = C extends EndpointContract<infer B, z.ZodType> ? z.input<B> : never;
export type ResultOf<C> = C extends EndpointContract<z.ZodType, infer R> ? z.output<R> : never;
