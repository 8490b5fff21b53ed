import { z } from "zod";

/**
 * The orders a vendor's named-record list (locations, shops) can be shown in: newest first (the
 * default), oldest first, or by name either way. Each is a keyset order, so paging stays exact.
 */
export const NAME_SORTS = ["newest", "oldest", "name_asc", "name_desc"] as const;
export type NameSort = (typeof NAME_SORTS)[number];

export const nameSort = z.enum(NAME_SORTS, { error: "validation.invalid" }).default("newest");
