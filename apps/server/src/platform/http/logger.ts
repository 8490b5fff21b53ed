import type { FastifyServerOptions } from "fastify";

/** pino options: secrets never reach the log, not even the token of a GET query string. */
export function loggerOptions(level: string): FastifyServerOptions["logger"] {
  return {
    level,
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
