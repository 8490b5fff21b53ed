import { eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../platform/db/client.js";
import { countReferring, type Ref, valueOfRow } from "../../platform/db/related.js";
import { tenantOfGroup } from "../tenancy/public.js";
import { accounts } from "./tables.js";

export type AccountRow = typeof accounts.$inferSelect;
export { ACCOUNT_STATUS } from "./tables.js";

/** Usernames are unique without regard to case. */
export async function findAccountByUsername(db: Db | Tx, username: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(eq(sql`lower(${accounts.username})`, username.toLowerCase()))
    .limit(1);
  return row;
}

export async function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row;
}

/** How many accounts the vendor `ref` names holds. */
export const accountCountOfVendor = (ref: Ref) => countReferring(accounts.vendorId, ref);

/** How many accounts hold the role `ref` names. */
export const accountCountOfRole = (ref: Ref) => countReferring(accounts.roleId, ref);

/** How many accounts a scope holds: a vendor's, or a group's own (group-level) accounts. */
/** How many accounts a group holds itself, or the vendors `vendorIs` selects (given the accounts' vendor column). */
export function scopeAccountCountOf(
  where: { vendorIs: (vendorColumn: AnyPgColumn) => SQL } | { groupId: number },
): SQL<number> {
  const owned = "groupId" in where ? tenantOfGroup(where.groupId).owns(accounts) : where.vendorIs(accounts.vendorId);
  return sql<number>`(select count(*)::int from ${accounts} where ${owned})`;
}

/** The username of the account `ref` names. */
export const accountNameOf = (ref: Ref) => valueOfRow<string>(accounts.username, accounts.id, ref);

/** The nickname of the account `ref` names. */
export const accountNicknameOf = (ref: Ref) => valueOfRow<string>(accounts.nickname, accounts.id, ref);
