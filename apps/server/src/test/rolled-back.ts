import { TransactionRollbackError } from "drizzle-orm";
import type { Db, Tx } from "../platform/db/client.js";

/**
 * Runs `body` in a transaction that is then rolled back, answering what it answered: a test case's
 * writes, and what triggers did with them, are seen by that case alone.
 */
export async function rolledBack<Result>(db: Db, body: (tx: Tx) => Promise<Result>): Promise<Result> {
  let answered: { result: Result } | undefined;
  try {
    await db.transaction(async (tx) => {
      answered = { result: await body(tx) };
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  if (!answered) throw new Error("the rolled-back transaction answered nothing");
  return answered.result;
}
