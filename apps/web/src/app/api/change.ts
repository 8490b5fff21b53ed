import type { EndpointContract } from "@washboard/shared";

/** One successful mutating call: what a domain's side effect may read. */
export interface Change {
  contract: EndpointContract;
  /** The call's answer; undefined when a failed call still changed what others show. */
  result: unknown;
}
