import type { MovementKind, Purse } from "@washboard/shared";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { tenantOfVendor } from "../tenancy/public.js";
import { balanceMovements, CARD_STATUS, cards, MEMBER_STATUS, members } from "./tables.js";

/** Whose money moves: a member (balance or reward) or a card. */
export type Holder = { kind: "member"; id: number } | { kind: "card"; id: number };

/** A holder read under its row lock: what its purses hold now, and whether it may pay. */
export interface LockedHolder {
  vendorId: number;
  holder: Holder;
  purses: Partial<Record<Purse, number>>;
  active: boolean;
  /** A card's type; null for a member. */
  cardType: string | null;
  memberId: number | null;
}

/** Who and why, written on every movement. */
export interface MovementMeta {
  reason?: string;
  operator?: { accountId: number; name: string } | null;
  orderNo?: string | null;
  shopId?: number | null;
  /** Money received for it (a paid top-up). */
  paid?: number;
  /** The idempotency key: a movement with a ref that was recorded before is not recorded again. */
  ref?: string | null;
  /** When it happened, if not now (the demo's history, written through the same path). */
  at?: Date;
}

export interface Change {
  purse: Purse;
  kind: MovementKind;
  /** Signed minor units. */
  amount: number;
  /** Only if the purse still holds this (the balance an operator's form was read with). */
  seen?: number;
  /** The promotion that gives it, and the statement's words for it when they differ from the call's. */
  promotion?: { id: number; reason: string };
}

/**
 * Locks a holder's row (SELECT … FOR UPDATE) and reads its purses. Every change of a balance goes
 * through this lock, so two movements of one holder happen one after the other and each sees the
 * other's result: nothing is read outside the lock and written back.
 */
export async function lockHolder(tx: Tx, vendorId: number, holder: Holder): Promise<LockedHolder | null> {
  const tenant = tenantOfVendor(vendorId);
  if (holder.kind === "member") {
    const [row] = await tx
      .select({ balance: members.balance, reward: members.reward, status: members.status })
      .from(members)
      .where(and(eq(members.id, holder.id), tenant.owns(members)))
      .for("update");
    if (!row) return null;
    return {
      vendorId,
      holder,
      purses: { balance: row.balance, reward: row.reward },
      active: row.status === MEMBER_STATUS.active,
      cardType: null,
      memberId: holder.id,
    };
  }
  const [row] = await tx
    .select({ balance: cards.balance, status: cards.status, type: cards.type, memberId: cards.memberId })
    .from(cards)
    .where(and(eq(cards.id, holder.id), tenant.owns(cards), isNull(cards.removedAt)))
    .for("update");
  if (!row) return null;
  return {
    vendorId,
    holder,
    purses: { card: row.balance },
    active: row.status === CARD_STATUS.active,
    cardType: row.type,
    memberId: row.memberId,
  };
}

/** Whether a movement with this idempotency key was recorded (read after the holder's lock is held). */
export async function alreadyRecorded(tx: Tx, vendorId: number, ref: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: balanceMovements.id })
    .from(balanceMovements)
    .where(and(tenantOfVendor(vendorId).owns(balanceMovements), eq(balanceMovements.ref, ref)))
    .limit(1);
  return row !== undefined;
}

/**
 * Applies changes to a locked holder: each purse moves by its amount, never below zero
 * (BALANCE_INSUFFICIENT) and, for a change read from a form, only if it still holds what the form
 * saw (BALANCE_CHANGED). All changes are checked before any is written, so a refused call changes
 * nothing. Each change is one ledger row with the purse's balance after it. Returns the purses after.
 */
export async function applyChanges(
  tx: Tx,
  locked: LockedHolder,
  changes: readonly Change[],
  meta: MovementMeta,
): Promise<Partial<Record<Purse, number>>> {
  const after = { ...locked.purses };
  for (const change of changes) {
    const current = after[change.purse];
    if (current === undefined)
      throw new Error(`${locked.holder.kind} ${locked.holder.id} has no ${change.purse} purse`);
    if (change.seen !== undefined && change.seen !== current) {
      throw new AppError("BALANCE_CHANGED", { field: change.purse === "reward" ? "reward" : "balance" });
    }
    if (current + change.amount < 0) throw new AppError("BALANCE_INSUFFICIENT");
    after[change.purse] = current + change.amount;
  }
  const moved = changes.filter((c) => c.amount !== 0);
  if (moved.length === 0) return after;
  const { holder, vendorId } = locked;
  if (holder.kind === "member") {
    await tx
      .update(members)
      .set({ balance: after.balance ?? 0, reward: after.reward ?? 0 })
      .where(eq(members.id, holder.id));
  } else {
    await tx
      .update(cards)
      .set({
        balance: after.card ?? 0,
        lastUsedAt: moved.some((c) => c.kind === "payment") ? (meta.at ?? new Date()) : undefined,
      })
      .where(eq(cards.id, holder.id));
  }
  const running = { ...locked.purses };
  await tx.insert(balanceMovements).values(
    moved.map((change, index) => {
      running[change.purse] = (running[change.purse] ?? 0) + change.amount;
      return {
        vendorId,
        memberId: holder.kind === "member" ? holder.id : locked.memberId,
        cardId: holder.kind === "card" ? holder.id : null,
        purse: change.purse,
        kind: change.kind,
        amount: change.amount,
        balanceAfter: running[change.purse] ?? 0,
        paid: index === 0 ? (meta.paid ?? 0) : 0,
        reason: (change.promotion?.reason ?? meta.reason ?? "").slice(0, 255),
        promotionId: change.promotion?.id ?? null,
        accountId: meta.operator?.accountId ?? null,
        operator: meta.operator?.name.slice(0, 64) ?? null,
        orderNo: meta.orderNo ?? null,
        shopId: meta.shopId ?? null,
        // One ref names the whole call; its second and later rows get a suffix to stay unique.
        ref: meta.ref ? (index === 0 ? meta.ref : `${meta.ref}#${index}`) : null,
        ...(meta.at ? { createdAt: meta.at } : {}),
      };
    }),
  );
  return after;
}

/**
 * Locks, checks and moves in one transaction: the one way any code changes a balance. A repeated
 * ref changes nothing and answers the purses as they are.
 */
export async function move(
  db: Db | Tx,
  vendorId: number,
  holder: Holder,
  changes: readonly Change[],
  meta: MovementMeta,
  check?: (locked: LockedHolder) => void,
): Promise<{ purses: Partial<Record<Purse, number>>; repeated: boolean }> {
  return db.transaction(async (tx) => {
    const locked = await lockHolder(tx, vendorId, holder);
    if (!locked) throw new AppError("NOT_FOUND", { field: holder.kind === "card" ? "card_id" : "member_id" });
    if (meta.ref && (await alreadyRecorded(tx, vendorId, meta.ref))) return { purses: locked.purses, repeated: true };
    check?.(locked);
    return { purses: await applyChanges(tx, locked, changes, meta), repeated: false };
  });
}

/** Sum of a holder's movements per purse: what its balances must equal (the tests' reconciliation). */
export async function ledgerSums(db: Db, holder: Holder): Promise<Partial<Record<Purse, number>>> {
  const column = holder.kind === "member" ? balanceMovements.memberId : balanceMovements.cardId;
  const rows = await db
    .select({ purse: balanceMovements.purse, total: sql<string>`sum(${balanceMovements.amount})` })
    .from(balanceMovements)
    .where(
      and(
        eq(column, holder.id),
        holder.kind === "member" ? sql`${balanceMovements.purse} <> 'card'` : eq(balanceMovements.purse, "card"),
      ),
    )
    .groupBy(balanceMovements.purse);
  return Object.fromEntries(rows.map((r) => [r.purse, Number(r.total)]));
}
