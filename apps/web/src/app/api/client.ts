import { type EndpointContract, isErrorCode, isGroupLevel, TIMING } from "@washboard/shared";
import type { z } from "zod";
import { sessionStore } from "../session/store";
import { recordServerTime } from "./server-clock";

/**
 * The console's one API client (spec §7): POST object bodies, the api-key header, the session
 * token and token_type 1 in the payload (query for GET), a 70 s timeout, and server_time stored.
 */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
    readonly field?: string,
    readonly messageKey?: string,
    readonly params?: Record<string, string | number>,
    /** The server's id of the request (`x-request-id`), which its log is kept under. */
    readonly requestId?: string,
  ) {
    super(message);
  }
}

type UnauthorizedHandler = (error: ApiError) => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** What a request outside `call` (the live stream) does on a 401: what every call does. */
export function reportUnauthorized(): void {
  onUnauthorized(new ApiError("UNAUTHORIZED", "unauthorized", 401));
}

/** The router installs this: spec §8, a 401 clears credentials and route data and goes to login. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

function apiKey(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content;
  return meta && meta !== "%API_KEY%" ? meta : (import.meta.env.VITE_API_KEY ?? "washboard-console");
}

/**
 * The headers of a request `call` cannot make (a live stream read with fetch): the api-key and the
 * session as a Bearer token, so neither travels in a URL.
 */
export function authHeaders(token: string): Record<string, string> {
  return { "api-key": apiKey(), authorization: `Bearer ${token}` };
}

function payloadFor(body: Record<string, unknown>): Record<string, unknown> {
  const user = sessionStore.get().user;
  if (!user) return body;
  const payload: Record<string, unknown> = { ...body, token: user.token, token_type: 1 };
  // Levels 6/7 act on the vendor chosen in the top bar.
  if (isGroupLevel(user.level) && user.activeVendorId !== null && payload.vendor_id === undefined) {
    payload.vendor_id = user.activeVendorId;
  }
  return payload;
}

interface Envelope {
  status: number;
  result?: unknown;
  code?: string;
  message?: string;
  field?: string;
  message_key?: string;
  message_params?: Record<string, string | number>;
  server_time?: number;
}

export async function call<C extends EndpointContract>(
  contract: C,
  body: z.input<C["body"]> = {} as z.input<C["body"]>,
): Promise<z.output<C["result"]>> {
  const payload = payloadFor(body as Record<string, unknown>);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  let url = contract.path;
  const init: RequestInit = { method: contract.method, headers: { "api-key": apiKey() }, signal: controller.signal };
  if (contract.method === "GET") {
    const query = new URLSearchParams(Object.entries(payload).map(([k, v]) => [k, String(v)]));
    url = `${url}?${query.toString()}`;
  } else {
    init.body = JSON.stringify(payload);
    (init.headers as Record<string, string>)["content-type"] = "application/json";
  }
  return exchange<z.output<C["result"]>>(url, init, controller, timer);
}

/** Sends one request and unwraps the envelope; shared by JSON calls and uploads. */
async function exchange<T>(
  url: string,
  init: RequestInit,
  controller: AbortController,
  timer: ReturnType<typeof setTimeout>,
): Promise<T> {
  return unwrap<T>(await respond(url, init, controller, timer));
}

/** The answer's status and headers; the timeout covers the wait for them, not a long body after. */
async function respond(
  url: string,
  init: RequestInit,
  controller: AbortController,
  timer: ReturnType<typeof setTimeout>,
): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    const aborted = error instanceof DOMException && error.name === "AbortError";
    throw new ApiError(aborted ? "TIMEOUT" : "NETWORK", aborted ? "timeout" : "network error", 0);
  } finally {
    clearTimeout(timer);
  }
}

/** The result of a JSON envelope, or its error thrown as an ApiError (a 401 signs out first). */
async function unwrap<T>(response: Response): Promise<T> {
  let envelope: Envelope;
  try {
    envelope = (await response.json()) as Envelope;
  } catch {
    throw new ApiError(
      "INTERNAL_ERROR",
      `HTTP ${response.status}`,
      response.status,
      undefined,
      undefined,
      undefined,
      response.headers.get("x-request-id") ?? undefined,
    );
  }
  recordServerTime(envelope.server_time);
  if (envelope.status === 200 && response.ok) return envelope.result as T;
  const error = new ApiError(
    isErrorCode(envelope.code) ? envelope.code : "INTERNAL_ERROR",
    envelope.message ?? `HTTP ${response.status}`,
    envelope.status ?? response.status,
    envelope.field,
    envelope.message_key,
    envelope.message_params,
    response.headers.get("x-request-id") ?? undefined,
  );
  if (error.code === "UNAUTHORIZED" || error.code === "SESSION_EXPIRED") onUnauthorized(error);
  throw error;
}

/**
 * A download call (`contract.download`): the file the server writes while it is sent, read as it
 * arrives with `onBytes` told how much has come. A refusal is an ApiError as for every call;
 * aborting `signal` stops the download.
 */
export async function download<C extends EndpointContract>(
  contract: C,
  body: z.input<C["body"]>,
  options: { signal: AbortSignal; onBytes?: (received: number) => void },
): Promise<Blob> {
  const controller = new AbortController();
  options.signal.addEventListener("abort", () => controller.abort(), { once: true });
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  const init: RequestInit = {
    method: contract.method,
    headers: { "api-key": apiKey(), "content-type": "application/json" },
    body: JSON.stringify(payloadFor(body as Record<string, unknown>)),
  };
  const response = await respond(contract.path, init, controller, timer);
  if (!response.ok || !response.headers.get("content-disposition") || !response.body) {
    await unwrap(response);
    throw new ApiError("INTERNAL_ERROR", `HTTP ${response.status}: no file`, response.status);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    options.onBytes?.(received);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get("content-type") ?? "" });
}

/**
 * An upload call (multipart/form-data): the file under `fileField`, and the same token, token_type
 * and active vendor as every other call, as form fields.
 */
export async function upload<C extends EndpointContract>(
  contract: C,
  file: Blob,
  options: { fileField: string; fileName?: string },
): Promise<z.output<C["result"]>> {
  const form = new FormData();
  for (const [key, value] of Object.entries(payloadFor({}))) {
    if (value !== undefined && value !== null) form.append(key, String(value));
  }
  form.append(options.fileField, file, options.fileName ?? (file instanceof File ? file.name : "upload"));
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMING.requestTimeoutMs);
  // No content-type header: the browser writes the multipart boundary itself.
  const init: RequestInit = { method: "POST", headers: { "api-key": apiKey() }, body: form };
  return exchange<z.output<C["result"]>>(contract.path, init, controller, timer);
}
