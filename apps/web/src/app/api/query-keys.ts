import type { QueryKey } from "@tanstack/react-query";
import { type API, type EndpointContract, endpointId } from "@washboard/shared";

/** A domain of the API: a namespace of the call registry ("shops", "locations", …). */
export type Domain = keyof typeof API;

/** The domain and the call name of a contract, from its registry id ("shops.list"). */
export function callIdentity(contract: EndpointContract): { domain: Domain; call: string } {
  const id = endpointId(contract);
  const dot = id.indexOf(".");
  // The registry names every call "<namespace>.<name>", the namespace being a key of API.
  return { domain: id.slice(0, dot) as Domain, call: id.slice(dot + 1) };
}

/**
 * Every query key of the console is `[domain, call, ...params]`, so a change of a domain finds all
 * its queries by the `[domain]` prefix (see changes.ts).
 */
export const queryKeys = {
  /** The prefix of every query of a domain. */
  domain: (domain: Domain): QueryKey => [domain],
  /**
   * One call's answer. `params` tell its answers apart; a call whose answer depends on the vendor
   * chosen in the top bar passes the active vendor id first, so switching vendors never shows
   * another vendor's cached answer.
   */
  call: (contract: EndpointContract, ...params: unknown[]): QueryKey => {
    const { domain, call } = callIdentity(contract);
    return [domain, call, ...params];
  },
};
