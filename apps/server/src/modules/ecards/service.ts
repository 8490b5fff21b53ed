import type { EcardItem, ecardCreateRequest, ecardListRequest, ecardListResult } from "@washboard/shared";
import { and, count, desc, eq, ilike, lt, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { decodeIdCursor, encodeIdCursor } from "../../platform/db/id-cursor.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { ownGroup } from "../../platform/http/scope.js";
import { alliances } from "../alliances/tables.js";
import { checkImages } from "../uploads/images.js";
import { ecards } from "./tables.js";

type EcardRow = typeof ecards.$inferSelect;
type Fields = z.output<typeof ecardCreateRequest>;

function toEcardItem(row: EcardRow): EcardItem {
  return { id: row.id, name: row.name, image: row.image, created_at: toSeconds(row.createdAt) };
}

export async function listEcards(
  db: Db,
  scope: TenantScope,
  input: z.output<typeof ecardListRequest>,
): Promise<z.input<typeof ecardListResult>> {
  const groupId = ownGroup(scope);
  const conditions: (SQL | undefined)[] = [eq(ecards.groupId, groupId)];
  if (input.name) conditions.push(ilike(ecards.name, likeText(input.name)));
  const filtered = and(...conditions);
  const paged = input.cursor ? and(filtered, lt(ecards.id, decodeIdCursor(input.cursor))) : filtered;
  const rows = await db
    .select()
    .from(ecards)
    .where(paged)
    .orderBy(desc(ecards.id))
    .limit(input.page_size + 1);
  const [total] = await db.select({ n: count() }).from(ecards).where(filtered);
  const page = rows.slice(0, input.page_size);
  const last = page.at(-1);
  return {
    items: page.map(toEcardItem),
    total: total?.n ?? 0,
    next_cursor: rows.length > input.page_size && last ? encodeIdCursor(last.id) : null,
  };
}

export async function createEcard(db: Db, scope: TenantScope, input: Fields): Promise<EcardItem> {
  const groupId = ownGroup(scope);
  const image = await checkImages(db, { groupId }, "ecard.image", "image", input.image);
  const [row] = await recordExistsOnDuplicate(
    () => db.insert(ecards).values({ groupId, name: input.name, image }).returning(),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return toEcardItem(row);
}

export async function modifyEcard(db: Db, scope: TenantScope, id: number, input: Fields): Promise<EcardItem> {
  const groupId = ownGroup(scope);
  const image = await checkImages(db, { groupId }, "ecard.image", "image", input.image);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(ecards)
        .set({ name: input.name, image })
        .where(and(eq(ecards.id, id), eq(ecards.groupId, groupId)))
        .returning(),
    "name",
  );
  if (!row) throw new AppError("NOT_FOUND");
  return toEcardItem(row);
}

/**
 * Removes a virtual card of the group. Refused while alliances use it as their card template: the
 * foreign key decides, the count only names what is in the way.
 */
export async function removeEcard(db: Db, scope: TenantScope, id: number): Promise<{ id: number }> {
  let row: { id: number } | undefined;
  try {
    [row] = await db
      .delete(ecards)
      .where(and(eq(ecards.id, id), eq(ecards.groupId, ownGroup(scope))))
      .returning({ id: ecards.id });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const [used] = await db.select({ n: count() }).from(alliances).where(eq(alliances.ecardId, id));
    throw new AppError("HAS_DEPENDENTS", { messageKey: "ecards.usedByAlliances", params: { alliances: used?.n ?? 0 } });
  }
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
