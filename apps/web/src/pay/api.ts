import type { EndpointContract } from "@washboard/shared";
import type { z } from "zod";

/**
 * The pay page's one way to call the API: a public call by its contract, with the api-key the
 * server wrote into the page. It is not the console's client (no session, no console code here).
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

export async function payCall<C extends EndpointContract>(
  contract: C,
  body: z.input<C["body"]>,
): Promise<z.output<C["result"]>> {
  let response: Response;
  try {
    response = await fetch(contract.path, {
      method: "POST",
      headers: { "content-type": "application/json", "api-key": apiKey() },
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
