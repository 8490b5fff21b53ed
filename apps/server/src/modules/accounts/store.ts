import { eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import type { AccountRow } from "./queries.js";
import { accounts } from "./tables.js";

/**
 * The writes of an account's own life: its creation by registration or by the install (the CLI, the
 * demo), its sign-ins, its own profile.
 */

/** What an account is created with by the install itself; its password is hashed already. */
export type NewAccountRow = Pick<
  typeof accounts.$inferInsert,
  "username" | "nickname" | "email" | "level" | "passwordHash" | "groupId" | "vendorId" | "roleId"
>;

/**
 * An account of any level, placed where the install says (the CLI's create-account and
 * create-admin, the demo's logins). A screen's accounts are created by `createAccount`, which
 * places them with their owner; this takes the hash, so one hash can serve several accounts.
 */
export async function insertAccount(db: Db | Tx, values: NewAccountRow): Promise<AccountRow> {
  const [row] = await db.insert(accounts).values(values).returning();
  if (!row) throw new Error("account not created");
  return row;
}

/** A merchant's main administrator created with its vendor (quick or manual registration). */
export async function insertMerchantAdmin(
  tx: Tx,
  values: { username: string; nickname: string; passwordHash: string; vendorId: number; browserId: string | null },
): Promise<AccountRow> {
  const [row] = await tx
    .insert(accounts)
    .values({ ...values, level: 3 })
    .returning();
  if (!row) throw new Error("account not created");
  return row;
}

/** Moves the latest sign-in to "previous" and records this one (the dashboard shows the previous). */
export async function recordSignIn(db: Db, account: AccountRow, ip: string): Promise<void> {
  await db
    .update(accounts)
    .set({
      previousLoginAt: account.lastLoginAt,
      previousLoginIp: account.lastLoginIp,
      lastLoginAt: new Date(),
      lastLoginIp: ip,
    })
    .where(eq(accounts.id, account.id));
}

/** The account's own nickname and, when given, its new password hash. */
export async function updateOwnProfile(
  db: Db,
  accountId: number,
  changes: { nickname: string; passwordHash?: string | undefined },
): Promise<void> {
  const { nickname, passwordHash } = changes;
  await db
    .update(accounts)
    .set({ nickname, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(accounts.id, accountId));
}
