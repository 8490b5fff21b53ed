import type { Writable } from "node:stream";
import type { FastifyServerOptions } from "fastify";
import { logSafeError } from "./log-safe-error.js";

/**
 * pino options: secrets never reach the log — not the token of a GET query string, not a failed
 * query's parameters (see log-safe-error.ts). `stream` replaces stdout (the tests read the log).
 */
export function loggerOptions(level: string, stream?: Writable): FastifyServerOptions["logger"] {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: [
        "req.headers.authorization",
        'req.headers["api-key"]',
        "req.headers.cookie",
        "*.password",
        "*.old_pwd",
        "*.new_pwd",
        "*.confirm_new_pwd",
        "*.token",
      ],
      censor: "[redacted]",
    },
    serializers: {
      err: logSafeError,
      req(request: { method: string; url: string; ip?: string }) {
        return {
          method: request.method,
          url: request.url.replace(/([?&]token=)[^&]*/g, "$1[redacted]"),
          ip: request.ip,
        };
      },
    },
  };
}
