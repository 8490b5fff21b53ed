import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";

/**
 * Helpers for records a group owns (brands, virtual cards): they belong to the group whatever
 * vendor the group account has chosen in the top bar.
 */
export function ownGroup(scope: TenantScope): number {
  if (scope.groupId === null) throw new AppError("NOT_FOUND");
  return scope.groupId;
}

/** A LIKE pattern that matches the text literally anywhere in the value. */
export function likeText(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Keyset paging by id, newest first: the cursor is the last row's id, opaque to the console. */
export function encodeIdCursor(id: number): string {
  return Buffer.from(`id|${id}`, "utf8").toString("base64url");
}

export function decodeIdCursor(cursor: string): number {
  const match = /^id\|(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  const id = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(id) || id > 2_147_483_647) {
    throw new AppError("VALIDATION_FAILED", { field: "cursor", messageKey: "validation.invalid" });
  }
  return id;
}
