import { expect } from "vitest";

interface Page {
  items: { name: string }[];
  next_cursor: string | null;
}

/** Names whose case-insensitive order differs from their creation order. */
const CREATED = ["Sorted beta", "Sorted Alpha", "Sorted delta", "Sorted Charlie", "Sorted echo"];
const BY_NAME = ["Sorted Alpha", "Sorted beta", "Sorted Charlie", "Sorted delta", "Sorted echo"];

/**
 * Proves a named-record list sorts by name either way (ignoring case) and by age, paging two at a
 * time without overlap or gaps: creates five records through `create`, then pages `list` (which
 * gets the sort, a page size and the cursor) filtered to them by the name "Sorted ".
 */
export async function expectNameSorting(options: {
  create: (name: string) => Promise<{ http: number }>;
  list: (payload: Record<string, unknown>) => Promise<{ http: number; body: { result: Page } }>;
}): Promise<void> {
  for (const name of CREATED) expect((await options.create(name)).http, name).toBe(200);
  const allPages = async (sort: string): Promise<string[]> => {
    const names: string[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 20; pages++) {
      const answer = await options.list({ name: "Sorted ", sort, page_size: 2, ...(cursor ? { cursor } : {}) });
      expect(answer.http, JSON.stringify(answer.body)).toBe(200);
      names.push(...answer.body.result.items.map((row) => row.name));
      cursor = answer.body.result.next_cursor;
      if (!cursor) break;
    }
    return names;
  };
  expect(await allPages("name_asc")).toEqual(BY_NAME);
  expect(await allPages("name_desc")).toEqual([...BY_NAME].reverse());
  expect(await allPages("oldest")).toEqual(CREATED);
  expect(await allPages("newest")).toEqual([...CREATED].reverse());
}
