import type { IncomingMessage } from "node:http";
import { type FakeServer, sendJson, startFakeServer } from "./fake-server.js";

/**
 * The request cycle the JSON REST fakes share (Stripe, PayPal, the signed REST scheme): every
 * request is kept as the fake reads it, then meets the failure a test queued with failNext if one
 * applies, else the fake's own routes. A queued failure applies to the next request, or with a
 * `path` to the next one whose path starts with it, and is then used up.
 */

/** A REST fake's answer, sent as JSON. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A failure that drops the connection without an answer: the adapter sees a network error. */
export interface NetworkFailure {
  network: true;
  path?: string;
}

export interface RestFakeRoutes<C, F> {
  /** Where every request is kept, refused and failed ones too (the fake's `calls`). */
  calls: C[];
  /** The request as the fake keeps it. */
  callOf(request: IncomingMessage, body: string): C;
  /** The provider's error answer to an injected failure. */
  failureReply(failure: F): Reply;
  /** The answer to a request that meets no failure. */
  reply(call: C): Reply;
}

export interface RestFakeServer<F> extends FakeServer {
  failNext(failure: F | NetworkFailure): void;
}

export async function startRestFake<C extends { path: string }, F extends { path?: string }>(
  routes: RestFakeRoutes<C, F>,
  options: { port?: number } = {},
): Promise<RestFakeServer<F>> {
  const pending: (F | NetworkFailure)[] = [];
  const server = await startFakeServer((request, body, response) => {
    const call = routes.callOf(request, body);
    routes.calls.push(call);
    const index = pending.findIndex((f) => f.path === undefined || call.path.startsWith(f.path));
    const failure = index < 0 ? undefined : pending.splice(index, 1)[0];
    if (failure && "network" in failure) {
      request.socket.destroy();
      return;
    }
    const reply = failure ? routes.failureReply(failure) : routes.reply(call);
    sendJson(response, reply.status, reply.body, reply.headers);
  }, options);
  return {
    ...server,
    failNext: (failure) => {
      pending.push(failure);
    },
  };
}
