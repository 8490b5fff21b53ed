import { z } from "zod";

/**
 * The one list contract (DESIGN.md "one list contract"): filters plus a keyset page in, one page
 * of items with the filtered total and the next page's cursor out. The cursor is opaque to the
 * console; it only hands back what the server gave it. Every list screen declares its contract
 * with these two helpers, and the console's one table component pages any of them.
 */
export const LIST_PAGE_SIZE = { default: 20, max: 200 } as const;

/** An opaque cursor is short printable text; anything longer is refused before it reaches SQL. */
const CURSOR_MAX_LENGTH = 200;

export const listPaging = {
  cursor: z.string().max(CURSOR_MAX_LENGTH, { error: "validation.invalid" }).optional(),
  page_size: z
    .number({ error: "validation.pageSize" })
    .int({ error: "validation.pageSize" })
    .min(1, { error: "validation.pageSize" })
    .max(LIST_PAGE_SIZE.max, { error: "validation.pageSize" })
    .default(LIST_PAGE_SIZE.default),
};

/** A list call's payload: the screen's filters, a cursor and a page size. */
export function listRequest<Filters extends z.ZodRawShape>(filters: Filters) {
  return z.object({ ...filters, ...listPaging });
}

/** A list call's answer: one page of items, the filtered total, and the next page's cursor. */
export function listResult<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int().nonnegative(),
    next_cursor: z.string().nullable(),
  });
}

export interface ListPage<Item> {
  items: Item[];
  total: number;
  next_cursor: string | null;
}

/** The paging fields of a list payload; a screen's filters are everything else. */
export type ListPaging = { cursor?: string | undefined; page_size?: number | undefined };
