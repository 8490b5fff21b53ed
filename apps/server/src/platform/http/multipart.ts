import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.js";

export interface MultipartOptions {
  maxBytes: number;
  fileField: string;
}

/**
 * Reads a multipart request: its text fields become the payload, its one file `ctx.upload`. The
 * fields come first (the console appends the token before the file), and `authorize` runs on them
 * before a byte of the file is read: a caller without a session, level or key never gets its file
 * read. A file sent before the token finds no session and is refused the same way.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: MultipartOptions,
  authorize: (payload: Record<string, unknown>) => Promise<void>,
): Promise<void> {
  const fields: Record<string, string> = {};
  let authorized = false;
  try {
    await readParts();
  } catch (error) {
    // A refusal, or a file over the limit (413), stands; anything else is a malformed or truncated
    // form — the connection dropped mid-file — and is the caller's input, not a server fault.
    if (error instanceof AppError || (error as { statusCode?: number }).statusCode === 413) throw error;
    throw new AppError("VALIDATION_FAILED", { field: options.fileField, messageKey: "validation.invalid" });
  }
  if (!authorized) await authorize(fields);
  request.body = fields;

  async function readParts() {
    const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1, fields: 20, fieldSize: 4096 } });
    for await (const part of parts) {
      if (part.type === "file") {
        if (!authorized) {
          await authorize(fields);
          authorized = true;
        }
        // Throws a 413 (PAYLOAD_TOO_LARGE) once the file passes maxBytes.
        const bytes = await part.toBuffer();
        if (part.fieldname === options.fileField) {
          request.ctx.upload = { bytes, filename: part.filename, mimetype: part.mimetype };
        }
      } else if (typeof part.value === "string") {
        fields[part.fieldname] = part.value;
      }
    }
  }
}
