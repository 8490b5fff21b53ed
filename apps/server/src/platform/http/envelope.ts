import { type ErrorEnvelope, nowSeconds } from "@washboard/shared";
import type { FastifyReply } from "fastify";
import type { AppError } from "./app-error.js";

export function successBody<T>(result: T) {
  return { status: 200 as const, result, server_time: nowSeconds() };
}

export function errorBody(error: AppError, requestId?: string): ErrorEnvelope {
  return {
    status: error.status,
    code: error.code,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
    ...(error.messageKey ? { message_key: error.messageKey } : {}),
    ...(error.params ? { message_params: error.params } : {}),
    ...(requestId ? { request_id: requestId } : {}),
    server_time: nowSeconds(),
  };
}

/** `requestId` is told for failures of ours (500), which the log records under that id. */
export function sendError(reply: FastifyReply, error: AppError, requestId?: string) {
  return reply.code(error.status).type("application/json").send(errorBody(error, requestId));
}
