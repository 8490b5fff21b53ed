import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { LIST_PAGE_SIZE } from "@washboard/shared";
import { useEffect, useState } from "react";
import { call } from "../../api/client";
import { queryKeys } from "../../api/query-keys";
import { toastError } from "../../feedback/toast";
import { useActiveVendorId } from "../../session/store";
import type { ListContract, ListFilters, ListRow } from "./types";

export const PAGE_SIZE_OPTIONS = [10, 20, 50, 100] as const;

export interface KeysetList<Row> {
  items: Row[];
  total: number;
  /** 1-based number of the page shown. */
  page: number;
  pages: number;
  pageSize: number;
  loading: boolean;
  error: unknown;
  hasPrevious: boolean;
  hasNext: boolean;
  next(): void;
  previous(): void;
  setPageSize(size: number): void;
  refresh(): void;
}

/** The payload of one page of a list call. */
export function pagePayload<C extends ListContract>(
  filters: ListFilters<C>,
  pageSize: number,
  cursor: string | undefined,
): ListFilters<C> & { page_size: number; cursor?: string } {
  return { ...filters, page_size: pageSize, ...(cursor ? { cursor } : {}) };
}

/**
 * One list call paged by keyset: the cursors of the pages visited form a stack, so "previous"
 * goes back exactly and "next" follows the server's cursor. New filters, page size or active
 * vendor start again at the first page.
 */
export function useKeysetList<C extends ListContract>(contract: C, filters: ListFilters<C>): KeysetList<ListRow<C>> {
  const activeVendorId = useActiveVendorId();
  const [pageSize, setPageSize] = useState<number>(LIST_PAGE_SIZE.default);
  const resetKey = JSON.stringify([filters, pageSize, activeVendorId]);
  const [stack, setStack] = useState<{ key: string; cursors: (string | undefined)[] }>({
    key: resetKey,
    cursors: [undefined],
  });
  const cursors = stack.key === resetKey ? stack.cursors : [undefined];
  const cursor = cursors.at(-1);

  const query = useQuery({
    queryKey: queryKeys.call(contract, activeVendorId, filters, pageSize, cursor ?? null),
    queryFn: () => call(contract, pagePayload<C>(filters, pageSize, cursor) as Parameters<typeof call<C>>[1]),
    placeholderData: keepPreviousData,
  });

  useEffect(() => {
    if (query.error) toastError(query.error);
  }, [query.error]);

  const data = query.data;
  const total = data?.total ?? 0;
  const nextCursor = query.isPlaceholderData ? null : (data?.next_cursor ?? null);
  return {
    items: (data?.items ?? []) as ListRow<C>[],
    total,
    page: cursors.length,
    pages: Math.max(1, Math.ceil(total / pageSize)),
    pageSize,
    loading: query.isFetching,
    error: query.error,
    hasPrevious: cursors.length > 1,
    hasNext: nextCursor !== null,
    next() {
      if (nextCursor) setStack({ key: resetKey, cursors: [...cursors, nextCursor] });
    },
    previous() {
      if (cursors.length > 1) setStack({ key: resetKey, cursors: cursors.slice(0, -1) });
    },
    setPageSize,
    refresh() {
      void query.refetch();
    },
  };
}
