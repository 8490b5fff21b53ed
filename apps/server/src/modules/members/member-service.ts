import type {
  memberBalancesRequest,
  memberCreateRequest,
  memberListFilters,
  memberModifyRequest,
} from "@washboard/shared";
import { and, eq, gte, ilike, isNull, like, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "../../platform/db/client.js";
import { recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { idKeyset } from "../../platform/db/keysets.js";
import { countOf, listPage } from "../../platform/db/list-page.js";
import { qualified } from "../../platform/db/qualified.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, TenantScope } from "../../platform/http/context.js";
import { recentOrdersOfMember } from "../orders/public.js";
import { findVendorShop, isShopOfAlliance } from "../shops/public.js";
import { scopedVendor, type VendorTenant, vendorTenant } from "../tenancy/public.js";
import { cardsOfMember } from "./card-service.js";
import { type Change, move } from "./ledger.js";
import { memberColumns, memberView } from "./member-view.js";
import { cards, MEMBER_STATUS, memberSessions, members } from "./tables.js";

type Filters = { [K in keyof typeof memberListFilters]: z.output<(typeof memberListFilters)[K]> };

/** A LIKE pattern of a beginning, with LIKE's own characters taken literally. */
export const prefixPattern = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The members list's filters as one condition (a coupon given or mailed to a filter's members reads them too). */
export function memberFilterWhere(tenant: VendorTenant, filters: Partial<Filters>): SQL | undefined {
  const where: (SQL | undefined)[] = [tenant.owns(members)];
  if (filters.search) {
    const pattern = prefixPattern(filters.search);
    where.push(
      or(
        like(members.phone, pattern),
        ilike(members.name, `%${filters.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        sql`exists (select 1 from ${cards} where ${qualified(cards.memberId)} = ${qualified(members.id)}
          and ${qualified(cards.removedAt)} is null and ${qualified(cards.cardNumber)} like ${pattern})`,
      ),
    );
  }
  if (filters.shop_id !== undefined) where.push(eq(members.shopId, filters.shop_id));
  if (filters.alliance_id !== undefined) where.push(isShopOfAlliance(members.shopId, filters.alliance_id));
  if (filters.registered_from !== undefined) {
    where.push(gte(members.registeredAt, new Date(filters.registered_from * 1000)));
  }
  if (filters.registered_to !== undefined) {
    where.push(lt(members.registeredAt, new Date((filters.registered_to + 1) * 1000)));
  }
  if (filters.balance_min !== undefined) where.push(gte(members.balance, filters.balance_min));
  if (filters.balance_max !== undefined) where.push(lte(members.balance, filters.balance_max));
  if (filters.birthday_this_month) {
    where.push(sql`extract(month from ${members.birthday}) = extract(month from now())`);
  }
  return and(...where);
}

/**
 * The members screen: newest first by id (ids follow registration), with the filter's totals on the
 * first page — how many members and what the vendor holds for them (balances and rewards).
 */
export async function listMembers(
  db: Db,
  scope: TenantScope,
  input: Partial<Filters> & { cursor?: string | undefined; page_size: number },
) {
  const vendor = await scopedVendor(db, scope);
  const tenant = vendorTenant(scope);
  const where = memberFilterWhere(tenant, input);
  // The first page's statement also sums the filter (no row: nothing matches).
  const sums = input.cursor ? sql<MemberSums | null>`null` : memberSums(where);
  const page = await listPage({
    where,
    keyset: idKeyset(members.id, (row: { member: { id: number } }) => row.member.id),
    input,
    rows: (paged, orderBy, limit, total) =>
      db
        .select({ ...memberColumns, total, sums })
        .from(members)
        .where(paged)
        .orderBy(...orderBy)
        .limit(limit),
    count: countOf(members),
  });
  const found = page.rows[0]?.sums;
  return {
    items: page.rows.map((row) => memberView(row, vendor.currency)),
    total: page.total,
    next_cursor: page.next_cursor,
    totals: input.cursor
      ? null
      : {
          members: page.total,
          balance: Number(found?.balance ?? 0),
          reward: Number(found?.reward ?? 0),
          currency: vendor.currency,
        },
  };
}

/** What the filter's members hold, as text (a bigint sum beyond 2^53 is no JSON number). */
interface MemberSums {
  balance: string;
  reward: string;
}

function memberSums(where: SQL | undefined): SQL<MemberSums | null> {
  return sql<MemberSums | null>`(select json_build_object('balance', coalesce(sum(${members.balance}), 0)::text,
    'reward', coalesce(sum(${members.reward}), 0)::text) from ${members} where ${where ?? sql`true`})`;
}

/** One member of the tenant, shown; NOT_FOUND for anyone else's. */
export function memberOf(db: Db, scope: TenantScope, memberId: number) {
  return memberWhere(db, scope, eq(members.id, memberId), () => new AppError("NOT_FOUND", { field: "member_id" }));
}

/** The tenant's member whose id `id` is (a number, or a subquery naming one), shown; `missing` otherwise. */
async function memberWhere(db: Db, scope: TenantScope, id: SQL, missing: () => AppError) {
  const vendor = await scopedVendor(db, scope);
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .where(and(id, vendorTenant(scope).owns(members)));
  if (!row) throw missing();
  return memberView(row, vendor.currency);
}

export async function memberDetail(db: Db, scope: TenantScope, memberId: number) {
  const member = await memberOf(db, scope, memberId);
  const tenant = vendorTenant(scope);
  const [memberCards, recent] = await Promise.all([
    cardsOfMember(db, scope, memberId),
    recentOrdersOfMember(db, tenant, memberId),
  ]);
  return { member, cards: memberCards, recent_orders: recent };
}

/** Spec §7 get_user_acct_by_cardnumber: the member a card is bound to ("card number error" otherwise). */
export async function memberByCardNumber(db: Db, scope: TenantScope, cardNumber: string) {
  const tenant = vendorTenant(scope);
  const bound = db
    .select({ memberId: cards.memberId })
    .from(cards)
    .where(and(tenant.owns(cards), eq(cards.cardNumber, cardNumber), isNull(cards.removedAt)));
  return memberWhere(
    db,
    scope,
    eq(members.id, sql`(${bound})`),
    () => new AppError("CARD_NUMBER_ERROR", { field: "card_number" }),
  );
}

type ProfileInput = z.output<typeof memberCreateRequest>;

async function profileValues(db: Db, tenant: VendorTenant, input: ProfileInput) {
  if (input.shop_id !== null && !(await findVendorShop(db, tenant, input.shop_id))) {
    throw new AppError("NOT_FOUND", { field: "shop_id" });
  }
  return {
    phone: input.phone,
    name: input.name,
    email: input.email,
    birthday: input.birthday || null,
    referrerPhone: input.referrer_phone,
    cardExpires: input.card_expires || null,
    shopId: input.shop_id,
  };
}

/** Spec §7 create_member_acct: a member registered at the counter (a phone names one member per vendor). */
export async function createMember(db: Db, scope: TenantScope, actor: Actor, input: ProfileInput) {
  const tenant = vendorTenant(scope);
  const values = await profileValues(db, tenant, input);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(members)
        .values({ ...values, vendorId: tenant.vendorId, createdBy: actor.accountId })
        .returning({ id: members.id }),
    "phone",
  );
  if (!row) throw new Error("member not created");
  return memberOf(db, scope, row.id);
}

/**
 * Spec §7 modify_member_acct: profile and status, never the balances. Disabling a member ends their
 * app sessions in the same transaction (the rows go), so enabling them again revives none: the
 * member signs in afresh.
 */
export async function modifyMember(db: Db, scope: TenantScope, input: z.output<typeof memberModifyRequest>) {
  const tenant = vendorTenant(scope);
  const values = await profileValues(db, tenant, input);
  const [row] = await recordExistsOnDuplicate(
    () =>
      db.transaction(async (tx) => {
        const changed = await tx
          .update(members)
          .set({ ...values, status: MEMBER_STATUS[input.status] })
          .where(and(eq(members.id, input.member_id), tenant.owns(members)))
          .returning({ id: members.id });
        const member = changed[0];
        if (member && input.status === "disabled") {
          await tx.delete(memberSessions).where(eq(memberSessions.memberId, member.id));
        }
        return changed;
      }),
    "phone",
  );
  if (!row) throw new AppError("NOT_FOUND", { field: "member_id" });
  return memberOf(db, scope, row.id);
}

/**
 * Spec §7 modify_user_accts: the operator's new balance and reward become movements of their
 * differences from what the operator saw, with the reason; if either moved meanwhile (another
 * operator, a payment), nothing changes and the call answers BALANCE_CHANGED.
 */
export async function modifyBalances(
  db: Db,
  scope: TenantScope,
  actor: Actor,
  input: z.output<typeof memberBalancesRequest>,
) {
  const tenant = vendorTenant(scope);
  const changes: Change[] = [
    { purse: "balance", kind: "adjustment", amount: input.balance - input.seen_balance, seen: input.seen_balance },
    { purse: "reward", kind: "adjustment", amount: input.reward - input.seen_reward, seen: input.seen_reward },
  ];
  await move(db, tenant.vendorId, { kind: "member", id: input.member_id }, changes, {
    reason: input.reason,
    operator: { accountId: actor.accountId, name: actor.username },
  });
  return memberOf(db, scope, input.member_id);
}

/**
 * A member pays at the counter and the amount is added to the account's balance, as on cards: a
 * top-up movement under the account's lock (parallel top-ups all count), and the money taken is the
 * vendor's other income. A disabled account takes none.
 */
export async function topUpMember(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId" | "username">,
  input: { member_id: number; amount: number; reason: string },
) {
  const tenant = vendorTenant(scope);
  await move(
    db,
    tenant.vendorId,
    { kind: "member", id: input.member_id },
    [{ purse: "balance", kind: "topup", amount: input.amount }],
    { reason: input.reason, operator: { accountId: actor.accountId, name: actor.username }, paid: input.amount },
    (locked) => {
      if (!locked.active) throw new AppError("ACCOUNT_INACTIVE", { field: "member_id" });
    },
  );
  return memberOf(db, scope, input.member_id);
}
