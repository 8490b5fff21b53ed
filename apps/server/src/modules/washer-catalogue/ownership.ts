import { eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";

/** The id and owner columns every catalogue table has. */
export interface CatalogueColumns {
  id: PgColumn;
  vendorId: PgColumn;
}

/**
 * Checks that a vendor may change or remove a catalogue row. Another vendor's row (or none) answers
 * NOT_FOUND, as everywhere; a starter row answers NO_PERMISSION, since the vendor can see it and
 * "not found" would contradict the list it just read.
 */
export async function assertOwnRow(db: Db, table: PgTable, columns: CatalogueColumns, id: number, vendorId: number) {
  const [row] = await db.select({ vendorId: columns.vendorId }).from(table).where(eq(columns.id, id)).limit(1);
  const owner = row?.vendorId as number | null | undefined;
  if (owner === undefined || (owner !== null && owner !== vendorId)) throw new AppError("NOT_FOUND");
  if (owner === null) throw new AppError("NO_PERMISSION", { messageKey: "washerCatalogue.starterReadOnly" });
}

/** Starter rows or the vendor's own, as a list's `origin` filter asks (both when it is absent). */
export function originCondition(vendorColumn: PgColumn, origin: "starter" | "own" | undefined): SQL | undefined {
  if (origin === "starter") return isNull(vendorColumn);
  if (origin === "own") return isNotNull(vendorColumn);
  return undefined;
}
