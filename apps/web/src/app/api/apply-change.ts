import type { QueryClient } from "@tanstack/react-query";
import type { EndpointContract } from "@washboard/shared";
import type { Change } from "./change";
import { CHANGES } from "./changes";
import { callIdentity, type Domain, queryKeys } from "./query-keys";

/** The domains whose queries a call of `contract` makes stale: its own, then those changes.ts declares. */
export function staleDomains(contract: EndpointContract): Domain[] {
  const { domain } = callIdentity(contract);
  return [domain, ...CHANGES[domain].refetch];
}

/**
 * Brings up to date what a change made stale: the domain's side effect first, then every query of
 * the stale domains. Resolves once the queries on screen have refetched, so a dialog closing after
 * it reveals the new rows.
 */
export async function applyChange(client: QueryClient, change: Change): Promise<void> {
  await CHANGES[callIdentity(change.contract).domain].sideEffect?.(change);
  await Promise.all(
    staleDomains(change.contract).map((domain) => client.invalidateQueries({ queryKey: queryKeys.domain(domain) })),
  );
}
