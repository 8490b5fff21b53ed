import {
  API,
  IMAGE_KEY_PATTERN,
  IMAGE_TYPES,
  type ImageExtension,
  LIMITS,
  UPLOAD_FILE_FIELD,
  UPLOADS_PUBLIC_PATH,
} from "@washboard/shared";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../platform/http/app-error.js";
import { sendError } from "../../platform/http/envelope.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import type { FileStore } from "../../platform/storage/file-store.js";
import { storeImage } from "./service.js";

export function uploadRoutes(r: Routes, { db, files }: AppDeps) {
  r.call(
    API.uploads.image,
    async (_input, ctx) => {
      const result = await storeImage(db, files, ctx.scope, ctx.upload);
      ctx.audit.target = `upload:${result.key}`;
      return result;
    },
    { multipart: { maxBytes: LIMITS.uploadImageMaxBytes, fileField: UPLOAD_FILE_FIELD } },
  );
  serveUploads(r.app, files);
}

/**
 * Serves stored images publicly at /uploads/<key>. A key is the SHA-256 of the file, so its bytes
 * never change: browsers and proxies may keep it for a year without asking again.
 */
function serveUploads(app: FastifyInstance, files: FileStore) {
  app.get<{ Params: { key: string } }>(`${UPLOADS_PUBLIC_PATH}/:key`, async (request, reply) => {
    const { key } = request.params;
    const bytes = IMAGE_KEY_PATTERN.test(key) ? await files.get(key) : undefined;
    if (!bytes) return sendError(reply, new AppError("NOT_FOUND"));
    const extension = key.slice(key.lastIndexOf(".") + 1) as ImageExtension;
    const etag = `"${key.slice(0, 64)}"`;
    reply
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("etag", etag)
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'; sandbox");
    if (request.headers["if-none-match"] === etag) return reply.code(304).send();
    return reply.type(IMAGE_TYPES[extension]).send(bytes);
  });
}
