import { randomUUID } from "node:crypto";
import type {
  MemberPass,
  MemberPassItem,
  MemberPassKind,
  memberTakePassRequest,
  PassUse,
  PriceExplanation,
} from "@washboard/shared";
import { and, asc, desc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { Actor, MemberSession, TenantScope } from "../../platform/http/context.js";
import { type MemberPromotion, runningMemberPromotions } from "../promotions/public.js";
import { tenantOfVendor, vendorTenant } from "../tenancy/public.js";
import { applyChanges, type LockedHolder, lockHolder } from "./ledger.js";
import { memberPasses, memberPassUses, members } from "./tables.js";

/**
 * Discount cards and wash-dry cards (spec §3): a member takes one from a running promotion — a
 * discount card free and once per promotion, a wash-dry card paid from the balance — and their
 * payments spend it through the pricing engine under the member's lock. The card keeps the
 * promotion's terms as they were when it was taken.
 */

const PASS_KINDS: readonly MemberPassKind[] = ["dis_card", "washdry"];
type PassRow = typeof memberPasses.$inferSelect;

const DAY_MS = 86_400_000;

/** Which use of a wash-dry card a machine takes: washers wash, dryers dry; other machines take none. */
export function passUseOf(machineType: string): "wash" | "dry" | null {
  if (["washer", "combo", "stacked_washer_dryer", "stack_wash_wash"].includes(machineType)) return "wash";
  if (["dryer", "stack_dry_dry"].includes(machineType)) return "dry";
  return null;
}

function passView(row: PassRow): MemberPass {
  return {
    id: row.id,
    promotion_id: row.promotionId,
    kind: row.kind,
    name: row.name,
    percent_off: row.percentOff,
    washes_left: row.washesLeft,
    dries_left: row.driesLeft,
    expires_at: row.expiresAt ? toSeconds(row.expiresAt) : null,
    price: row.price,
  };
}

function offerView(promotion: MemberPromotion<"dis_card" | "washdry">) {
  const s = promotion.settings;
  return {
    promotion_id: promotion.id,
    kind: s.kind,
    name: promotion.name,
    percent_off: s.kind === "dis_card" ? s.percent_off : null,
    validity_days: s.kind === "dis_card" ? s.validity_days : null,
    free_washes: s.kind === "washdry" ? s.free_washes : 0,
    free_dries: s.kind === "washdry" ? s.free_dries : 0,
    price: s.kind === "washdry" ? s.price : 0,
    ends_at: toSeconds(promotion.endsAt),
  };
}

const mine = (session: MemberSession) =>
  and(tenantOfVendor(session.vendorId).owns(memberPasses), eq(memberPasses.memberId, session.memberId));

/** A card with something left: a discount card until it expires, a wash-dry card while it has uses. */
const usable = (at: Date) =>
  and(
    or(isNull(memberPasses.expiresAt), gt(memberPasses.expiresAt, at)),
    or(eq(memberPasses.kind, "dis_card"), sql`${memberPasses.washesLeft} > 0 or ${memberPasses.driesLeft} > 0`),
  );

/** The member's usable cards and the running promotions whose cards they may take. */
export async function memberPassesOf(db: Db, session: MemberSession) {
  const now = new Date();
  const [held, offers] = await Promise.all([
    db
      .select()
      .from(memberPasses)
      .where(and(mine(session), usable(now)))
      .orderBy(asc(memberPasses.id)),
    runningMemberPromotions(db, PASS_KINDS, now, session.vendorId),
  ]);
  return { held: held.map(passView), offers: offers.map(offerView) };
}

/** What a running card promotion puts in a member's card (the caller says what it cost them). */
function passTerms(promotion: MemberPromotion<"dis_card" | "washdry">, at: Date) {
  const s = promotion.settings;
  return {
    promotionId: promotion.id,
    kind: s.kind,
    name: promotion.name,
    percentOff: s.kind === "dis_card" ? s.percent_off : null,
    washesLeft: s.kind === "washdry" ? s.free_washes : 0,
    driesLeft: s.kind === "washdry" ? s.free_dries : 0,
    expiresAt: s.kind === "dis_card" ? new Date(at.getTime() + s.validity_days * DAY_MS) : null,
    shopIds: promotion.shopIds,
    machineTypes: promotion.machineTypes,
  };
}

const stateOf = (row: PassRow, now: Date): MemberPassItem["state"] => {
  if (row.expiresAt && row.expiresAt <= now) return "expired";
  if (row.kind === "washdry" && row.washesLeft === 0 && row.driesLeft === 0) return "used";
  return "valid";
};

/**
 * A member's cards for the console, newest first, and the running card promotions it may give. The
 * member is looked up through the caller's scope (a shop-limited account sees its shops' members
 * only): another's answers NOT_FOUND.
 */
export async function passesOfMember(db: Db, scope: TenantScope, memberId: number) {
  const tenant = vendorTenant(scope);
  const now = new Date();
  const [rows, offers] = await Promise.all([
    db
      .select({ pass: memberPasses, memberId: members.id })
      .from(members)
      .leftJoin(memberPasses, eq(memberPasses.memberId, members.id))
      .where(and(eq(members.id, memberId), tenant.owns(members)))
      .orderBy(desc(memberPasses.id)),
    runningMemberPromotions(db, PASS_KINDS, now, tenant.vendorId),
  ]);
  if (rows.length === 0) throw new AppError("NOT_FOUND", { field: "member_id" });
  const items = rows.flatMap(({ pass }) =>
    pass ? [{ ...passView(pass), state: stateOf(pass, now), created_at: toSeconds(pass.createdAt) }] : [],
  );
  return { items, offers: offers.map(offerView) };
}

/**
 * A running card promotion's card, free, to each selected member of the caller's scope: one
 * statement, where a member already holding that discount card is left out by its unique index.
 */
export async function givePasses(
  db: Db,
  scope: TenantScope,
  actor: Pick<Actor, "accountId">,
  input: { member_ids: number[]; promotion_id: number },
) {
  const tenant = vendorTenant(scope);
  const memberIds = [...new Set(input.member_ids)];
  const now = new Date();
  return db.transaction(async (tx) => {
    const [promotion] = await runningMemberPromotions(tx, PASS_KINDS, now, tenant.vendorId, input.promotion_id);
    if (!promotion) throw new AppError("NOT_FOUND", { field: "promotion_id" });
    const found = await tx
      .select({ id: members.id })
      .from(members)
      .where(and(inArray(members.id, memberIds), tenant.owns(members)));
    if (found.length !== memberIds.length) throw new AppError("NOT_FOUND", { field: "member_ids" });
    const requestId = `given:${actor.accountId}:${randomUUID()}`;
    const given = await tx
      .insert(memberPasses)
      .values(
        memberIds.map((memberId) => ({
          vendorId: tenant.vendorId,
          memberId,
          ...passTerms(promotion, now),
          requestId,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: memberPasses.id });
    if (given.length === 0) throw new AppError("RECORD_EXISTS", { field: "promotion_id" });
    return { given: given.length, already: memberIds.length - given.length };
  });
}

/**
 * Takes a running promotion's card, under the member's lock: a retried request answers the card it
 * took; a discount card is taken once per promotion (RECORD_EXISTS), a wash-dry card is paid from the
 * balance (BALANCE_INSUFFICIENT when it holds too little), its debit and the card one transaction.
 */
export async function takePass(
  db: Db,
  session: MemberSession,
  input: z.output<typeof memberTakePassRequest>,
): Promise<MemberPass> {
  const now = new Date();
  return db.transaction(async (tx) => {
    const locked = await lockHolder(tx, session.vendorId, { kind: "member", id: session.memberId });
    if (!locked?.active) throw new AppError("ACCOUNT_INACTIVE");
    const [taken] = await tx
      .select()
      .from(memberPasses)
      .where(and(mine(session), eq(memberPasses.requestId, input.request_id)));
    if (taken) return passView(taken);
    const [promotion] = await runningMemberPromotions(tx, PASS_KINDS, now, session.vendorId, input.promotion_id);
    if (!promotion) throw new AppError("NOT_FOUND", { field: "promotion_id" });
    const price = promotion.settings.kind === "washdry" ? promotion.settings.price : 0;
    const [inserted] = await tx
      .insert(memberPasses)
      .values({
        vendorId: session.vendorId,
        memberId: session.memberId,
        ...passTerms(promotion, now),
        price,
        requestId: input.request_id,
      })
      .onConflictDoNothing()
      .returning();
    if (!inserted) throw new AppError("RECORD_EXISTS", { field: "promotion_id" });
    if (price > 0) {
      await applyChanges(tx, locked, [{ purse: "balance", kind: "payment", amount: -price }], {
        reason: `Wash-dry card: ${promotion.name}`,
        ref: `pass:${inserted.id}`,
      });
    }
    return passView(inserted);
  });
}

/** The cards a payment may spend, read under the member's lock: the best discount card and a wash-dry card with a use left. */
export interface SpendablePasses {
  washDry?: { pass: PassRow; use: "wash" | "dry" };
  discount?: PassRow;
}

const covers = (pass: PassRow, shopId: number, machineType: string) =>
  (pass.shopIds.length === 0 || pass.shopIds.includes(shopId)) &&
  (pass.machineTypes.length === 0 || pass.machineTypes.includes(machineType));

export async function spendablePasses(
  tx: Tx,
  locked: LockedHolder,
  sale: { shopId: number; machineType: string; at: Date },
): Promise<SpendablePasses> {
  const memberId = locked.holder.id;
  const rows = await tx
    .select()
    .from(memberPasses)
    .where(
      and(tenantOfVendor(locked.vendorId).owns(memberPasses), eq(memberPasses.memberId, memberId), usable(sale.at)),
    )
    // The card that ends first is spent first.
    .orderBy(sql`${memberPasses.expiresAt} asc nulls last`, asc(memberPasses.id));
  const fits = rows.filter((p) => covers(p, sale.shopId, sale.machineType));
  const use = passUseOf(sale.machineType);
  const washDry = fits.find(
    (p) => p.kind === "washdry" && ((use === "wash" && p.washesLeft > 0) || (use === "dry" && p.driesLeft > 0)),
  );
  let discount: PassRow | undefined;
  for (const p of fits) {
    if (p.kind === "dis_card" && (p.percentOff ?? 0) > (discount?.percentOff ?? 0)) discount = p;
  }
  return { ...(washDry && use ? { washDry: { pass: washDry, use } } : {}), ...(discount ? { discount } : {}) };
}

/** The engine's view of the spendable cards (its adjustments name the card's promotion). */
export function passesForPricing(passes: SpendablePasses) {
  return {
    ...(passes.washDry ? { washDryCard: { id: passes.washDry.pass.promotionId, name: passes.washDry.pass.name } } : {}),
    ...(passes.discount
      ? {
          discountCard: {
            id: passes.discount.promotionId,
            name: passes.discount.name,
            percentOff: passes.discount.percentOff ?? 0,
          },
        }
      : {}),
  };
}

/**
 * Records what the cards did for an order, under the member's lock: a wash-dry card's use is taken
 * (a conditional update, never below zero) and each card's saving is kept for its promotion's counters.
 */
export async function spendPasses(
  tx: Tx,
  vendorId: number,
  passes: SpendablePasses,
  pricing: PriceExplanation,
  orderNo: string,
): Promise<void> {
  const saved = (kind: "wash_dry_card" | "discount_card") =>
    -(pricing.adjustments.find((a) => a.kind === kind)?.amount ?? 0);
  const uses: { pass: PassRow; use: PassUse; saved: number }[] = [];
  if (passes.washDry && saved("wash_dry_card") > 0) {
    const { pass, use } = passes.washDry;
    const left = use === "wash" ? memberPasses.washesLeft : memberPasses.driesLeft;
    const [taken] = await tx
      .update(memberPasses)
      .set(use === "wash" ? { washesLeft: sql`${left} - 1` } : { driesLeft: sql`${left} - 1` })
      .where(and(eq(memberPasses.id, pass.id), gt(left, 0)))
      .returning({ id: memberPasses.id });
    if (!taken) throw new Error(`wash-dry card ${pass.id} had no ${use} left under its member's lock`);
    uses.push({ pass, use, saved: saved("wash_dry_card") });
  }
  if (passes.discount && saved("discount_card") > 0) {
    uses.push({ pass: passes.discount, use: "discount", saved: saved("discount_card") });
  }
  if (uses.length === 0) return;
  await tx.insert(memberPassUses).values(
    uses.map((u) => ({
      vendorId,
      passId: u.pass.id,
      promotionId: u.pass.promotionId,
      orderNo,
      use: u.use,
      saved: u.saved,
    })),
  );
}

/**
 * A refunded order gives its wash or dry back to its card, once: the use's row is deleted, and only
 * the call that deleted it gives the use back.
 */
export async function giveBackPassUses(db: Db, vendorId: number, orderNo: string): Promise<void> {
  await db.transaction(async (tx) => {
    const returned = await tx
      .delete(memberPassUses)
      .where(and(tenantOfVendor(vendorId).owns(memberPassUses), eq(memberPassUses.orderNo, orderNo)))
      .returning({ passId: memberPassUses.passId, use: memberPassUses.use });
    for (const { passId, use } of returned) {
      if (use === "wash") {
        await tx
          .update(memberPasses)
          .set({ washesLeft: sql`${memberPasses.washesLeft} + 1` })
          .where(eq(memberPasses.id, passId));
      } else if (use === "dry") {
        await tx
          .update(memberPasses)
          .set({ driesLeft: sql`${memberPasses.driesLeft} + 1` })
          .where(eq(memberPasses.id, passId));
      }
    }
  });
}
