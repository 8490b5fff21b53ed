import {
  type CardType,
  type cardCreateRequest,
  type cardListFilters,
  type cardModifyRequest,
  FIXED_BALANCE_CARD_TYPES,
} from "@washboard/shared";
import { and, desc, eq, isNotNull, isNull, like, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { scopedVendor, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { applyChanges, lockHolder, move } from "./ledger.js";
import { cardColumns, cardView } from "./member-view.js";
import { CARD_STATUS, cards, MEMBER_STATUS, members } from "./tables.js";

type Filters = { [K in keyof typeof cardListFilters]: z.output<(typeof cardListFilters)[K]> };

const prefix = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function conditions(tenant: VendorTenant, filters: Partial<Filters>): SQL | undefined {
  const where: (SQL | undefined)[] = [tenant.owns(cards), isNull(cards.removedAt)];
  if (filters.search) {
    const pattern = prefix(filters.search);
    where.push(
      or(
        like(cards.cardNumber, pattern),
        like(cards.uuid, prefix(filters.search.toUpperCase())),
        sql`${qualified(cards.memberId)} in (select ${qualified(members.id)} from ${members}
          where ${tenant.owns(members)} and ${qualified(members.phone)} like ${pattern})`,
      ),
    );
  }
  if (filters.type) where.push(eq(cards.type, filters.type));
  if (filters.status) where.push(eq(cards.status, CARD_STATUS[filters.status]));
  if (filters.member_id !== undefined) where.push(eq(cards.memberId, filters.member_id));
  if (filters.bound !== undefined) where.push(filters.bound ? isNotNull(cards.memberId) : isNull(cards.memberId));
  return and(...where);
}

export async function listCards(
  db: Db,
  scope: TenantScope,
  input: Partial<Filters> & { cursor?: string | undefined; page_size: number },
) {
  const vendor = await scopedVendor(db, scope);
  const where = conditions(vendorTenant(scope), input);
  // The first page's statement also sums the filter's balances, as text (a bigint sum beyond 2^53
  // is no number); no row: nothing matches.
  const balance = input.cursor
    ? sql<string | null>`null`
    : sql<string | null>`(select coalesce(sum(${cards.balance}), 0)::text from ${cards} where ${where ?? sql`true`})`;
  const page = await listPage({
    where,
    keyset: idKeyset(cards.id, (row: { card: { id: number } }) => row.card.id),
    input,
    rows: (paged, orderBy, limit, total) =>
      db
        .select({ ...cardColumns, total, balance })
        .from(cards)
        .where(paged)
        .orderBy(...orderBy)
        .limit(limit),
    count: countOf(cards),
  });
  return {
    items: page.rows.map((row) => cardView(row, vendor.currency)),
    total: page.total,
    next_cursor: page.next_cursor,
    totals: input.cursor
      ? null
      : { cards: page.total, balance: Number(page.rows[0]?.balance ?? 0), currency: vendor.currency },
  };
}

export async function cardOf(db: Db, scope: TenantScope, where: SQL) {
  const vendor = await scopedVendor(db, scope);
  const [row] = await db
    .select(cardColumns)
    .from(cards)
    .where(and(where, vendorTenant(scope).owns(cards), isNull(cards.removedAt)));
  if (!row) throw new AppError("NOT_FOUND", { field: "card_id" });
  return cardView(row, vendor.currency);
}

export const cardById = (db: Db, scope: TenantScope, cardId: number) => cardOf(db, scope, eq(cards.id, cardId));

export async function cardsOfMember(db: Db, scope: TenantScope, memberId: number) {
  const vendor = await scopedVendor(db, scope);
  const rows = await db
    .select(cardColumns)
    .from(cards)
    .where(and(eq(cards.memberId, memberId), vendorTenant(scope).owns(cards), isNull(cards.removedAt)))
    .orderBy(desc(cards.id));
  return rows.map((row) => cardView(row, vendor.currency));
}

export async function createCard(db: Db, scope: TenantScope, input: z.output<typeof cardCreateRequest>) {
  const tenant = vendorTenant(scope);
  const [row] = await recordExistsOnDuplicate(async () => {
    try {
      return await db
        .insert(cards)
        .values({ vendorId: tenant.vendorId, uuid: input.uuid, cardNumber: input.card_number, type: input.type })
        .returning({ id: cards.id });
    } catch (error) {
      // Which of the two is taken decides the field the form marks.
      const taken = await db
        .select({ number: cards.cardNumber })
        .from(cards)
        .where(and(tenant.owns(cards), isNull(cards.removedAt), eq(cards.uuid, input.uuid)));
      if (taken.length > 0) throw new AppError("RECORD_EXISTS", { field: "uuid" });
      throw error;
    }
  }, "card_number");
  if (!row) throw new Error("card not created");
  return cardById(db, scope, row.id);
}

/** Only an ordinary card turns free and back (spec §4 free-card switch); an admin or third-party card keeps its type. */
function typeChangeAllowed(from: CardType, to: CardType): boolean {
  return from === to || (["ordinary", "free"].includes(from) && ["ordinary", "free"].includes(to));
}

/**
 * Spec §7 modify_user_card: number, type (the free-card switch), status, and a rewritten balance as
 * a ledger movement — refused for free and admin cards ("card does not support modification"), and
 * when the balance moved since the operator read it. Checked and written under the card's lock.
 */
export async function modifyCard(db: Db, scope: TenantScope, actor: Actor, input: z.output<typeof cardModifyRequest>) {
  const tenant = vendorTenant(scope);
  await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const locked = await lockHolder(tx, tenant.vendorId, { kind: "card", id: input.card_id });
        if (!locked) throw new AppError("NOT_FOUND", { field: "card_id" });
        const currentType = locked.cardType as CardType;
        if (input.type && !typeChangeAllowed(currentType, input.type)) {
          throw new AppError("CARD_NOT_MODIFIABLE", { field: "type" });
        }
        if (input.balance !== undefined && input.balance !== input.seen_balance) {
          if (FIXED_BALANCE_CARD_TYPES.includes(input.type ?? currentType)) {
            throw new AppError("CARD_NOT_MODIFIABLE", { field: "balance" });
          }
          await applyChanges(
            tx,
            locked,
            [
              {
                purse: "card",
                kind: "adjustment",
                amount: input.balance - (input.seen_balance ?? 0),
                seen: input.seen_balance,
              },
            ],
            { reason: input.reason, operator: { accountId: actor.accountId, name: actor.username } },
          );
        } else if (input.balance !== undefined && input.seen_balance !== locked.purses.card) {
          throw new AppError("BALANCE_CHANGED", { field: "balance" });
        }
        if (input.status) {
          // An unbound card stays unbound: only a disabled one may be switched on again.
          const [row] = await tx.select({ status: cards.status }).from(cards).where(eq(cards.id, input.card_id));
          if (row?.status === CARD_STATUS.unbound) throw new AppError("CARD_UNBOUND_FINAL", { field: "status" });
        }
        const values = {
          ...(input.card_number ? { cardNumber: input.card_number } : {}),
          ...(input.type ? { type: input.type } : {}),
          ...(input.status ? { status: CARD_STATUS[input.status] } : {}),
        };
        if (Object.keys(values).length > 0) await tx.update(cards).set(values).where(eq(cards.id, input.card_id));
      }),
    "card_number",
  );
  return cardById(db, scope, input.card_id);
}

/** Removes a card bound to no one and holding nothing; its movements and orders keep naming it. */
export async function removeCard(db: Db, scope: TenantScope, cardId: number) {
  const tenant = vendorTenant(scope);
  const [removed] = await db
    .update(cards)
    .set({ removedAt: new Date() })
    .where(
      and(
        eq(cards.id, cardId),
        tenant.owns(cards),
        isNull(cards.removedAt),
        isNull(cards.memberId),
        eq(cards.balance, 0),
      ),
    )
    .returning({ id: cards.id });
  if (removed) return { card_id: removed.id };
  await cardById(db, scope, cardId);
  throw new AppError("CARD_IN_USE", { field: "card_id" });
}

/**
 * Binds an unbound, active card to an active member: one conditional update, so two operators binding
 * one card to two members at once bind it once (the other is told it is bound already).
 */
export async function bindCard(db: Db, scope: TenantScope, cardId: number, memberId: number) {
  const tenant = vendorTenant(scope);
  const [member] = await db
    .select({ status: members.status })
    .from(members)
    .where(and(eq(members.id, memberId), tenant.owns(members)));
  if (!member) throw new AppError("NOT_FOUND", { field: "member_id" });
  if (member.status !== MEMBER_STATUS.active) throw new AppError("ACCOUNT_INACTIVE", { field: "member_id" });
  const [bound] = await db
    .update(cards)
    .set({ memberId })
    .where(
      and(
        eq(cards.id, cardId),
        tenant.owns(cards),
        isNull(cards.removedAt),
        isNull(cards.memberId),
        eq(cards.status, CARD_STATUS.active),
      ),
    )
    .returning({ id: cards.id });
  if (bound) return cardById(db, scope, cardId);
  const card = await cardById(db, scope, cardId);
  if (card.status === "unbound") throw new AppError("CARD_UNBOUND_FINAL", { field: "card_id" });
  if (card.member_id !== null) throw new AppError("CARD_ALREADY_BOUND", { field: "card_id" });
  throw new AppError("ACCOUNT_INACTIVE", { field: "card_id" });
}

/** Unbinds a card from the member it is bound to, for good (spec §4): it is never bound again. */
export async function unbindCard(db: Db, scope: TenantScope, cardId: number, memberId: number) {
  const tenant = vendorTenant(scope);
  const [unbound] = await db
    .update(cards)
    .set({ memberId: null, status: CARD_STATUS.unbound })
    .where(and(eq(cards.id, cardId), tenant.owns(cards), isNull(cards.removedAt), eq(cards.memberId, memberId)))
    .returning({ id: cards.id });
  if (!unbound) {
    await cardById(db, scope, cardId);
    throw new AppError("NOT_FOUND", { field: "member_id" });
  }
  return cardById(db, scope, cardId);
}

/** Spec §7 add_value: a top-up of a card that holds its own balance, as a ledger movement. */
export async function topUpCard(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId" | "username">,
  input: { card_id: number; amount: number; reason: string },
  at?: Date,
) {
  const tenant = vendorTenant(scope);
  await move(
    db,
    tenant.vendorId,
    { kind: "card", id: input.card_id },
    [{ purse: "card", kind: "topup", amount: input.amount }],
    {
      reason: input.reason,
      operator: { accountId: actor.accountId, name: actor.username },
      // The money the counter took for it: the vendor's other income.
      paid: input.amount,
      ...(at ? { at } : {}),
    },
    (locked) => {
      if (FIXED_BALANCE_CARD_TYPES.includes(locked.cardType as CardType)) {
        throw new AppError("CARD_NOT_MODIFIABLE", { field: "card_id" });
      }
      if (!locked.active) throw new AppError("ACCOUNT_INACTIVE", { field: "card_id" });
    },
  );
  return cardById(db, scope, input.card_id);
}
