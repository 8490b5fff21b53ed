import { createHash } from "node:crypto";
import {
  deviceTopic,
  PROTOCOL_SCHEMA_PATH,
  type ProtocolSchema,
  protocolSchemaFile,
  protocolSchemas,
} from "@washboard/device-protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/app-error.js";
import { sendError } from "../../platform/http/envelope.js";

/**
 * The device protocol's JSON Schemas, served to whoever builds a controller: the index at
 * `/api/device-protocol/` and each message's schema (with its example) at
 * `/api/device-protocol/<name>.schema.json`. They are the same for every install and hold no
 * tenant's data, so they need no api-key or session (the access pipeline exempts exactly these two
 * routes) and may be kept by any cache; the ETag changes when a new server version changes them.
 */
export const PROTOCOL_SCHEMA_ROUTES = {
  index: PROTOCOL_SCHEMA_PATH,
  file: `${PROTOCOL_SCHEMA_PATH}:file`,
} as const;

/** An hour: a schema changes only with a new server version, and the ETag tells a cache when. */
const CACHE_CONTROL = "public, max-age=3600";

interface Served {
  body: string;
  type: string;
  etag: string;
}

function served(value: unknown, type: string): Served {
  const body = `${JSON.stringify(value, null, 2)}\n`;
  return { body, type, etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"` };
}

/** What the index says of one schema. */
function listed(schema: ProtocolSchema) {
  return {
    name: schema.name,
    title: schema.title,
    url: `${PROTOCOL_SCHEMA_PATH}${protocolSchemaFile(schema.name)}`,
    topic: deviceTopic("<serial>", schema.topicKind),
    direction: schema.direction,
    qos: schema.qos,
    retained: schema.retained,
    members: schema.members,
  };
}

function send(request: FastifyRequest, reply: FastifyReply, file: Served) {
  reply.header("cache-control", CACHE_CONTROL).header("etag", file.etag).header("x-content-type-options", "nosniff");
  if (request.headers["if-none-match"] === file.etag) return reply.code(304).send();
  return reply.type(file.type).send(file.body);
}

export function registerProtocolSchemas(app: FastifyInstance): void {
  // Written once, on the first request: the schemas are the same until the server is replaced.
  let files: { index: Served; byFile: Map<string, Served> } | undefined;
  const written = () => {
    files ??= {
      index: served(
        {
          description:
            "JSON Schemas (draft 2020-12) of the Washboard device protocol, MQTT version 1: one per message, with an example each. The prose is docs/device-protocol.md.",
          schemas: protocolSchemas().map(listed),
        },
        "application/json; charset=utf-8",
      ),
      byFile: new Map(
        protocolSchemas().map((s) => [
          protocolSchemaFile(s.name),
          served(s.jsonSchema, "application/schema+json; charset=utf-8"),
        ]),
      ),
    };
    return files;
  };
  app.get(PROTOCOL_SCHEMA_ROUTES.index, { schema: { hide: true } }, async (request, reply) =>
    send(request, reply, written().index),
  );
  app.get<{ Params: { file: string } }>(
    PROTOCOL_SCHEMA_ROUTES.file,
    { schema: { hide: true } },
    async (request, reply) => {
      const file = written().byFile.get(request.params.file);
      if (!file) return sendError(reply, new AppError("NOT_FOUND"));
      return send(request, reply, file);
    },
  );
}
