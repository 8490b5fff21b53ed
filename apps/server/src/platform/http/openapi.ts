import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the same zod contracts that validate every call. */
export async function installOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: "Washboard API",
        version: "1.0.0",
        description:
          "Every call takes the api-key header. Signed-in calls carry `token` (and `token_type: 1`) in the payload, or `Authorization: Bearer <token>`. Answers are `{ status, result, server_time }`; errors are `{ status, code, message, field? }`.",
      },
      components: {
        securitySchemes: {
          apiKey: { type: "apiKey", in: "header", name: "api-key" },
          bearer: { type: "http", scheme: "bearer" },
        },
      },
      security: [{ apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
