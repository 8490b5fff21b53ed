import { LIST_PAGE_SIZE } from "@washboard/shared";
import { call } from "../../api/client";
import type { ListContract, ListFilters, ListRow } from "./types";
import { pagePayload } from "./useKeysetList";

export class ExportCancelled extends Error {}

/**
 * Every row of a filtered list, fetched page by page at the largest page size, reporting how far
 * it got after each page. Stops between pages when the signal aborts.
 */
export async function fetchAllRows<C extends ListContract>(
  contract: C,
  filters: ListFilters<C>,
  options: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<ListRow<C>[]> {
  const rows: ListRow<C>[] = [];
  let cursor: string | undefined;
  do {
    if (options.signal?.aborted) throw new ExportCancelled();
    const page = await call(
      contract,
      pagePayload<C>(filters, LIST_PAGE_SIZE.max, cursor) as Parameters<typeof call<C>>[1],
    );
    rows.push(...(page.items as ListRow<C>[]));
    options.onProgress?.(rows.length, Math.max(page.total, rows.length));
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  if (options.signal?.aborted) throw new ExportCancelled();
  return rows;
}
