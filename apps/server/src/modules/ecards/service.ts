import type { EcardItem, ecardCreateRequest, ecardListRequest, ecardListResult } from "@washboard/shared";
import { and, eq, getTableColumns, ilike, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { isForeignKeyViolation, recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage, rowsFrom } from "../../platform/db/list-page.js";
import { scalar } from "../../platform/db/related.js";
import { likeText } from "../../platform/db/text-search.js";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import { groupTenant } from "../tenancy/public.js";
import { checkImages } from "../uploads/public.js";
import { ecardAllianceCount } from "./ports.js";
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
  const conditions: (SQL | undefined)[] = [groupTenant(scope).owns(ecards)];
  if (input.name) conditions.push(ilike(ecards.name, likeText(input.name)));
  const page = await listPage({
    where: and(...conditions),
    keyset: idKeyset(ecards.id, (row: EcardRow) => row.id),
    input,
    rows: rowsFrom((total) => db.select({ ...getTableColumns(ecards), total }).from(ecards)),
    count: countOf(ecards),
  });
  return { items: page.rows.map(toEcardItem), total: page.total, next_cursor: page.next_cursor };
}

export async function createEcard(db: Db, scope: TenantScope, input: Fields): Promise<EcardItem> {
  const { groupId } = groupTenant(scope);
  const image = await checkImages(db, { groupId }, "ecard.image", "image", input.image);
  const [row] = await recordExistsOnDuplicate(
    () => db.insert(ecards).values({ groupId, name: input.name, image }).returning(),
    "name",
  );
  if (!row) throw new AppError("INTERNAL_ERROR");
  return toEcardItem(row);
}

export async function modifyEcard(db: Db, scope: TenantScope, id: number, input: Fields): Promise<EcardItem> {
  const tenant = groupTenant(scope);
  const image = await checkImages(db, { groupId: tenant.groupId }, "ecard.image", "image", input.image);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .update(ecards)
        .set({ name: input.name, image })
        .where(and(eq(ecards.id, id), tenant.owns(ecards)))
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
      .where(and(eq(ecards.id, id), groupTenant(scope).owns(ecards)))
      .returning({ id: ecards.id });
  } catch (error) {
    if (!isForeignKeyViolation(error)) throw error;
    const used = await scalar(db, ecardAllianceCount.use()(id));
    throw new AppError("HAS_DEPENDENTS", { messageKey: "ecards.usedByAlliances", params: { alliances: used } });
  }
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}
