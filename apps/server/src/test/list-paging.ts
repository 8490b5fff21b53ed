import type { ListPage, ListPaging, NameSort } from "@washboard/shared";
import { expect } from "vitest";
import type { Answer } from "./harness.js";

/** One list call with the given filters and paging, e.g. `(payload) => server.send(API.payqr.list, payload, …)`. */
type ListCall<Filters, Item> = (payload: Filters & ListPaging) => Promise<Answer<ListPage<Item>>>;

/** Every item of a keyset-paged list, page after page (at most 50), each page answered 200. */
export async function allPages<Filters extends object, Item>(
  list: ListCall<Filters, Item>,
  filters: Filters,
  pageSize: number,
): Promise<Item[]> {
  const items: Item[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const answer = await list({ ...filters, page_size: pageSize, ...(cursor ? { cursor } : {}) });
    expect(answer.http, JSON.stringify(answer.body)).toBe(200);
    items.push(...answer.body.result.items);
    cursor = answer.body.result.next_cursor;
    if (!cursor) break;
  }
  return items;
}

/** Names whose case-insensitive order differs from their creation order. */
const CREATED = ["Sorted beta", "Sorted Alpha", "Sorted delta", "Sorted Charlie", "Sorted echo"];
const BY_NAME = ["Sorted Alpha", "Sorted beta", "Sorted Charlie", "Sorted delta", "Sorted echo"];

/**
 * Proves a named-record list sorts by name either way (ignoring case) and by age, paging two at a
 * time without overlap or gaps: creates five records through `create`, then pages `list` filtered
 * to them by the name "Sorted ".
 */
export async function expectNameSorting(options: {
  create: (name: string) => Promise<{ http: number }>;
  list: ListCall<{ name: string; sort: NameSort }, { name: string }>;
}): Promise<void> {
  for (const name of CREATED) expect((await options.create(name)).http, name).toBe(200);
  const names = async (sort: NameSort) =>
    (await allPages(options.list, { name: "Sorted ", sort }, 2)).map((row) => row.name);
  expect(await names("name_asc")).toEqual(BY_NAME);
  expect(await names("name_desc")).toEqual([...BY_NAME].reverse());
  expect(await names("oldest")).toEqual(CREATED);
  expect(await names("newest")).toEqual([...CREATED].reverse());
}
