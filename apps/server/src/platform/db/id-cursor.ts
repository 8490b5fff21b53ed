import { AppError } from "../../platform/http/app-error.js";

/**
 * Keyset paging by id, newest first, for tenant lists ordered by id (roles, brands, shops, …). The cursor is
 * the last row's id as base64url text, opaque to the console.
 */
export function encodeIdCursor(id: number): string {
  return Buffer.from(`id:${id}`, "utf8").toString("base64url");
}

export function decodeIdCursor(cursor: string): number {
  const match = /^id:(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) {
    throw new AppError("VALIDATION_FAILED", { field: "cursor", messageKey: "validation.invalid" });
  }
  return id;
}

/** One page and the next page's cursor, from rows fetched with one extra. */
export function pageOf<T extends { id: number }>(rows: T[], pageSize: number): { page: T[]; next: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return { page, next: rows.length > pageSize && last ? encodeIdCursor(last.id) : null };
}
