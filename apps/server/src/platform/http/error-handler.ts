import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "./app-error.js";
import { sendError } from "./envelope.js";

/** Turns every failure into the error envelope; no stack trace ever reaches a client. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = (first?.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".");
      const key = first?.message?.startsWith("validation.") ? first.message : "validation.invalid";
      return sendError(reply, new AppError("VALIDATION_FAILED", { field, messageKey: key }));
    }
    if (error.statusCode === 413) return sendError(reply, new AppError("PAYLOAD_TOO_LARGE"));
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON, wrong content type and the like.
      return sendError(reply, new AppError("VALIDATION_FAILED", { messageKey: "validation.invalid" }));
    }
    // The caller learns only that it failed and the request id to quote; the log (which carries the
    // same id) says why, without the query's parameters.
    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, new AppError("INTERNAL_ERROR"), request.id);
  });

  app.setNotFoundHandler((_request, reply) => sendError(reply, new AppError("ROUTE_NOT_FOUND")));
}
