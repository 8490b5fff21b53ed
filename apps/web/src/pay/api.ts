import type { EndpointContract } from "@washboard/shared";
import type { z } from "zod";

/**
 * The pay page's one way to call the API: a call by its contract, with the api-key the server wrote
 * into the page, and a member's token for a member call (the invitation page's claim). It is not the
 * console's client (no console session, no console code here).
 */
export class PayCallError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const apiKey = () => document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content ?? "";

/** `memberToken`: the signed-in member's token, sent as a bearer token; absent for a public call. */
export async function payCall<C extends EndpointContract>(
  contract: C,
  body: z.input<C["body"]>,
  memberToken?: string,
): Promise<z.output<C["result"]>> {
  const headers: Record<string, string> = { "content-type": "application/json", "api-key": apiKey() };
  if (memberToken) headers.authorization = `Bearer ${memberToken}`;
  let response: Response;
  try {
    response = await fetch(contract.path, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    });
  } catch {
    throw new PayCallError("NETWORK", "network");
  }
  const envelope = (await response.json().catch(() => null)) as {
    status: number;
    result?: unknown;
    code?: string;
    message?: string;
  } | null;
  if (envelope?.status !== 200) {
    throw new PayCallError(envelope?.code ?? "INTERNAL_ERROR", envelope?.message ?? response.statusText);
  }
  return envelope.result as z.output<C["result"]>;
}
