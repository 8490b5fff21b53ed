import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { accounts } from "./tables.js";

export type AccountRow = typeof accounts.$inferSelect;

/** Usernames are unique without regard to case. */
export async function findAccountByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
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
