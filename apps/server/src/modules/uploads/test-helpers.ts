import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { TEST_API_KEY, type TestServer } from "../../test/harness.js";

/** The smallest valid images of each accepted type (their magic bytes and a little more). */
export const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082",
  "hex",
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
  Buffer.alloc(60, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const WEBP = Buffer.concat([
  Buffer.from("RIFF"),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from("WEBPVP8L"),
  Buffer.alloc(18, 2),
]);

/** A multipart/form-data body with text fields and one file, as a browser's FormData sends it. */
export function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Buffer }) {
  const boundary = `----washboard${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/**
 * Uploads one file through the API (the image upload unless `url` names another upload call), the
 * token as a form field (spec style) unless `bearer`.
 */
export async function upload(
  server: TestServer,
  token: string | undefined,
  file: { name: string; type: string; bytes: Buffer } | undefined,
  options: {
    bearer?: boolean;
    apiKey?: string | null;
    fields?: Record<string, string>;
    ip?: string;
    url?: string;
  } = {},
) {
  const fields: Record<string, string> = { ...(options.fields ?? {}) };
  if (token && !options.bearer) Object.assign(fields, { token, token_type: "1" });
  const body = multipart(fields, file);
  const headers: Record<string, string> = { "content-type": body.contentType };
  if (options.apiKey !== null) headers["api-key"] = options.apiKey ?? TEST_API_KEY;
  if (token && options.bearer) headers.authorization = `Bearer ${token}`;
  const response = await server.app.inject({
    method: "POST",
    url: options.url ?? "/api/v2/Upload/image",
    headers,
    payload: body.payload,
    remoteAddress: options.ip ?? "127.0.0.1",
  });
  return { http: response.statusCode, body: response.json() };
}

/** Uploads an image and returns its key. */
export async function uploadKey(server: TestServer, token: string, bytes: Buffer = PNG): Promise<string> {
  const { http, body } = await upload(server, token, { name: "logo.png", type: "image/png", bytes });
  if (http !== 200) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.result.key as string;
}

/** A data directory of its own for a test file's uploads, removed by `remove`. */
export function tempDataDir(prefix: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `wb-${prefix}-`));
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
