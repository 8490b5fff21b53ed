import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { call } from "../api/client";
import { queryKeys } from "../api/query-keys";
import { useActiveVendorId } from "../session/store";
import type { ListContract } from "./data-table/types";

/** How much of a cap is used; `full` once nothing more may be added. */
export interface CapUsage {
  count: number;
  limit: number;
  full: boolean;
}

/**
 * The usage of a capped list (the vendor's shops and price templates, the group's brands), read from
 * a one-row page of the list, whose answer carries the count and the cap beside the row.
 */
export function useCapUsage<C extends ListContract>(
  contract: C,
  read: (page: z.output<C["result"]>) => { count: number; limit: number },
): CapUsage | undefined {
  const activeVendorId = useActiveVendorId();
  const page = useQuery({
    queryKey: queryKeys.call(contract, activeVendorId, "usage"),
    queryFn: () => call(contract, { page_size: 1 } as z.input<C["body"]>),
    // Another vendor's figure stays until its own arrives, as the list's rows do.
    placeholderData: keepPreviousData,
  });
  if (!page.data) return undefined;
  const { count, limit } = read(page.data);
  return { count, limit, full: count >= limit };
}
