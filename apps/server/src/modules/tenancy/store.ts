import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { groups, vendors } from "./tables.js";

/**
 * The writes other modules make to groups and vendors (registration, the group's vendor management,
 * the vendor's own profile, the group profile, an install's first group). Each states which rows it may touch, so a caller
 * cannot reach past its tenant.
 */

export type VendorRow = typeof vendors.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
/** The columns a group is created with; its plan limits keep their defaults. */
export type NewGroup = Pick<typeof groups.$inferInsert, "name" | "address" | "cAppId" | "bAppId">;
/** The columns a vendor is created with; balances and plan limits keep their defaults. */
export type NewVendor = Omit<typeof vendors.$inferInsert, "id" | "createdAt" | "maxBalance" | "withdrawableBalance">;
/** The columns of a vendor others may change: not its group, balances or plan limits. */
export type VendorChanges = Partial<Omit<NewVendor, "groupId" | "shopLimit" | "enabledProviders">>;

/** A new organization (the CLI's create-admin, the demo's group). */
export async function insertGroup(db: Db | Tx, values: NewGroup): Promise<GroupRow> {
  const [row] = await db.insert(groups).values(values).returning();
  if (!row) throw new Error("group not created");
  return row;
}

export async function insertVendor(db: Db | Tx, values: NewVendor): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  if (!row) throw new Error("vendor not created");
  return row;
}

/** Changes the vendor; undefined when it is not one (or, with `groupId`, not one of that group's). */
export async function updateVendor(
  db: Db | Tx,
  where: { vendorId: number; groupId?: number },
  changes: VendorChanges,
): Promise<VendorRow | undefined> {
  const [row] = await db.update(vendors).set(changes).where(vendorWhere(where)).returning();
  return row;
}

/**
 * Locks one of the group's vendors for the rest of the transaction (what vendor caps and currency
 * changes take turns on) and answers it; undefined when it is not the group's.
 */
export async function lockGroupVendor(tx: Tx, groupId: number, vendorId: number): Promise<VendorRow | undefined> {
  const [row] = await tx.select().from(vendors).where(vendorWhere({ vendorId, groupId })).for("update");
  return row;
}

/** Removes one of the group's vendors; the foreign keys refuse while anything still points at it. */
export async function deleteGroupVendor(
  tx: Tx,
  groupId: number,
  vendorId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await tx.delete(vendors).where(vendorWhere({ vendorId, groupId })).returning({ id: vendors.id });
  return row;
}

/**
 * Switches one payment provider on or off for the vendor in one statement — never a read of the list
 * followed by a write of it, which loses a concurrent switch of another provider. Answers the list after.
 */
export async function setVendorProvider(db: Db | Tx, vendorId: number, provider: string, enabled: boolean) {
  const list = enabled
    ? sql`case when ${provider} = any(${vendors.enabledProviders}) then ${vendors.enabledProviders} else array_append(${vendors.enabledProviders}, ${provider}::text) end`
    : sql`array_remove(${vendors.enabledProviders}, ${provider}::text)`;
  const [row] = await db
    .update(vendors)
    .set({ enabledProviders: list })
    .where(eq(vendors.id, vendorId))
    .returning({ enabledProviders: vendors.enabledProviders });
  return row?.enabledProviders ?? [];
}

export async function updateGroup(
  db: Db,
  groupId: number,
  changes: Partial<Pick<GroupRow, "name" | "address" | "cAppId" | "bAppId">>,
): Promise<GroupRow | undefined> {
  const [row] = await db.update(groups).set(changes).where(eq(groups.id, groupId)).returning();
  return row;
}

function vendorWhere({ vendorId, groupId }: { vendorId: number; groupId?: number | undefined }) {
  return groupId === undefined ? eq(vendors.id, vendorId) : and(eq(vendors.id, vendorId), eq(vendors.groupId, groupId));
}
