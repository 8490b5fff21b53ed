import { type ProviderCall, ProviderError } from "./adapter.js";
import { parseJson } from "./json.js";

/**
 * How every adapter reaches its provider over HTTP. A request is given up after the call's
 * timeout, and whatever goes wrong before the whole answer is in (no route, refused, reset, timed
 * out) throws a retryable ProviderError: the provider may not even have seen the request, and the
 * outbox tries again later. An answer, whatever its status, is returned for the adapter to judge.
 */

/** For a call that sets no timeout of its own. */
const DEFAULT_TIMEOUT_MS = 10_000;

export interface HttpRequest {
  method: "GET" | "POST";
  headers: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  /** The exact bytes received: some providers sign them. */
  bytes: Buffer;
}

/** `failure` names the request in the error ("wechatpay unreachable"); the cause follows it. */
export async function fetchAnswer(
  call: ProviderCall,
  url: string,
  request: HttpRequest,
  failure: string,
): Promise<RawAnswer> {
  try {
    const response = await fetch(url, {
      ...request,
      signal: AbortSignal.timeout(call.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    throw new ProviderError(`${failure}: ${error instanceof Error ? error.message : String(error)}`, true);
  }
}

/** The answer's text, decoded as fetch's Response.text() does (UTF-8, a leading BOM dropped). */
export const textOf = (answer: RawAnswer): string => new TextDecoder().decode(answer.bytes);

/** What a JSON REST provider answered: the status and the body parsed (null when it is not JSON). */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** A request to `path` under the call's base URL, for the JSON REST providers (Stripe, PayPal, signed-rest.ts). */
export async function fetchJson(
  provider: string,
  call: ProviderCall,
  method: HttpRequest["method"],
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<JsonAnswer> {
  const answer = await fetchAnswer(
    call,
    `${call.baseUrl}${path}`,
    { method, headers, body },
    `${provider}: ${method} ${path} failed`,
  );
  return { status: answer.status, body: parseJson(textOf(answer)) };
}

export const isSuccess = (status: number) => status >= 200 && status < 300;

/** 429 (rate limited) and 5xx may pass later; any other status is the provider's final word on the request. */
export const isRetryable = (status: number) => status === 429 || status >= 500;
