import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { AppError } from "./app-error.js";
import { sendError } from "./envelope.js";

/** Spec §7: every /api call carries the fixed api-key header. */
export function installApiKeyCheck(app: FastifyInstance, apiKey: string) {
  const expected = Buffer.from(apiKey);
  app.addHook("onRequest", async (request, reply) => {
    // The matched route, not the raw URL: "/%61pi/…" reaches an /api route without starting with "/api/".
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith("/api/") || path === "/api/openapi.json") return;
    const given = Buffer.from(String(request.headers["api-key"] ?? ""));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return sendError(reply, new AppError("API_KEY_INVALID"));
    }
  });
}
