import {
  formatMoney,
  type memberPayRequest,
  type memberTopUpRequest,
  type payPlace,
  sandboxTopUpMax,
} from "@washboard/shared";
import { and, desc, eq, gt, isNull, ne } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../../platform/auth/passwords.js";
import type { Config } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { MemberSession } from "../../platform/http/context.js";
import type { AppDeps } from "../../platform/module.js";
import { checkMemberPin, hashToken, newToken, takeAttempt } from "../accounts/public.js";
import { createMemberOrder } from "../orders/public.js";
import { chosenProgram, payableProviders, vendorOfPlace } from "../pay/public.js";
import { rulesOf } from "../promotions/public.js";
import { shopNameOf } from "../shops/public.js";
import { findVendor, tenantOfVendor, vendorCurrencyOf } from "../tenancy/public.js";
import { claimCoupon, noteCouponDiscount } from "./coupon-spending.js";
import { applyChanges, type LockedHolder, lockHolder, move } from "./ledger.js";
import { memberQuote, settleMemberSale } from "./member-pricing.js";
import { movementColumns, movementView } from "./member-view.js";
import { topUpBonus } from "./promotion-gifts.js";
import { balanceMovements, MEMBER_STATUS, memberNotices, memberSessions, members } from "./tables.js";

type Place = z.output<typeof payPlace>;
type Registration = { place: Place; phone: string; pin: string; name: string; referrer_phone?: string };

/** A member app session lasts MEMBER_SESSION_DAYS (30); sign-out, a PIN change or disabling ends it sooner. */
async function openSession(db: Db, config: Config, memberId: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + config.memberSessionDays * 86_400_000);
  await db.insert(memberSessions).values({ memberId, tokenHash: hashToken(token), expiresAt });
  return { member_token: token, member_id: memberId, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

/** A new member of the vendor, or null when the vendor has a member with that phone already. */
async function insertMember(
  db: Db,
  where: { vendorId: number; shopId: number | null },
  input: Registration,
  pinHash: string,
  at?: Date,
): Promise<number | null> {
  const [row] = await db
    .insert(members)
    .values({
      vendorId: where.vendorId,
      phone: input.phone,
      name: input.name,
      referrerPhone: input.referrer_phone ?? "",
      shopId: where.shopId,
      pinHash,
      ...(at ? { registeredAt: at } : {}),
    })
    .onConflictDoNothing({ target: [members.vendorId, members.phone] })
    .returning({ id: members.id });
  return row?.id ?? null;
}

/** The demo's members, registered as in the app (one per phone and vendor) with their history's date. */
export async function registerMember(
  db: Db,
  input: Registration,
  /** The demo's history: a PIN hashed once for all its members, and when each registered. */
  seeded?: { pinHash: string; at: Date },
) {
  const { vendor, shopId } = await vendorOfPlace(db, input.place);
  const pinHash = seeded?.pinHash ?? (await hashPassword(input.pin));
  const id = await insertMember(db, { vendorId: vendor.id, shopId }, input, pinHash, seeded?.at);
  if (id === null) throw new AppError("RECORD_EXISTS", { field: "phone" });
  return { member_id: id };
}

const HOUR_MS = 3_600_000;

/**
 * A customer registers in the app with the vendor of the shop they stand in. Registrations are
 * limited per address and per shop, counted before the phone is looked at, whatever the outcome. The
 * answer is the same whether the phone was new or not, and takes as long (the PIN is hashed either
 * way): a phone already registered keeps its member and PIN — the caller gets no session for it —
 * and that member is told at their next sign-in. So registering tells no one which phones are
 * members; the app signs in next. Answers the member's id, for the operation log only.
 */
export async function registerInApp(db: Db, config: Config, ip: string, input: Registration): Promise<number> {
  const perAddress = config.memberRegistrationsPerAddressPerHour;
  if (!(await takeAttempt(db, `member-register:ip:${ip}`, perAddress, HOUR_MS))) throw new AppError("RATE_LIMITED");
  const { vendor, shopId } = await vendorOfPlace(db, input.place);
  const shopKey = `member-register:shop:${shopId ?? `vendor-${vendor.id}`}`;
  if (!(await takeAttempt(db, shopKey, config.memberRegistrationsPerShopPerHour, HOUR_MS))) {
    throw new AppError("RATE_LIMITED");
  }
  const pinHash = await hashPassword(input.pin);
  const created = await insertMember(db, { vendorId: vendor.id, shopId }, input, pinHash);
  if (created !== null) return created;
  const [existing] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(tenantOfVendor(vendor.id).owns(members), eq(members.phone, input.phone)));
  if (!existing) throw new Error("member neither registered nor found");
  await db
    .insert(memberNotices)
    .values({ vendorId: vendor.id, memberId: existing.id, kind: "registration_attempt", shopId });
  return existing.id;
}

/** A sign-in hands over the member's notices since the last one, newest first, once. */
const NOTICES_HANDED_OVER = 20;

async function handOverNotices(db: Db, vendorId: number, memberId: number) {
  const handed = await db
    .update(memberNotices)
    .set({ seenAt: new Date() })
    .where(
      and(
        tenantOfVendor(vendorId).owns(memberNotices),
        eq(memberNotices.memberId, memberId),
        isNull(memberNotices.seenAt),
      ),
    )
    .returning({
      id: memberNotices.id,
      kind: memberNotices.kind,
      at: memberNotices.createdAt,
      shopName: shopNameOf(memberNotices.shopId),
    });
  return handed
    .sort((a, b) => b.id - a.id)
    .slice(0, NOTICES_HANDED_OVER)
    .map((n) => ({ kind: n.kind, at: Math.floor(n.at.getTime() / 1000), shop_name: n.shopName ?? "" }));
}

/**
 * Phone and PIN; a wrong one and an unknown phone answer alike and take the same time. A PIN has few
 * digits, so sign-ins are throttled (counted in the database) per phone and address, per address,
 * and per phone over every address (`checkMemberPin`): a guess from one address stops after a
 * handful of tries there, while the member still signs in from their own.
 */
export async function signInMember(
  db: Db,
  config: Config,
  ip: string,
  input: { place: Place; phone: string; pin: string },
) {
  const { vendor } = await vendorOfPlace(db, input.place);
  let found: { id: number; status: number } | undefined;
  const valid = await checkMemberPin(db, config, { vendorId: vendor.id, phone: input.phone }, ip, async (tx) => {
    const [member] = await tx
      .select({ id: members.id, pinHash: members.pinHash, status: members.status })
      .from(members)
      .where(and(tenantOfVendor(vendor.id).owns(members), eq(members.phone, input.phone)));
    found = member;
    return member?.pinHash ? verifyPassword(member.pinHash, input.pin) : verifyAgainstNothing(input.pin);
  });
  if (!found || !valid) throw new AppError("LOGIN_FAILED");
  if (found.status !== MEMBER_STATUS.active) throw new AppError("ACCOUNT_DISABLED");
  const session = await openSession(db, config, found.id);
  return { ...session, notices: await handOverNotices(db, vendor.id, found.id) };
}

/** Ends the session of the call's token: the token opens nothing any more. */
export async function signOutMember(db: Db, session: MemberSession) {
  if (session.sessionId === undefined) throw new AppError("UNAUTHORIZED");
  await db.delete(memberSessions).where(eq(memberSessions.id, session.sessionId));
  return {};
}

/**
 * A new PIN, given the current one — checked and throttled as a sign-in is, so a token in the wrong
 * hands cannot guess it — ending every other session of the member (this one stays).
 */
export async function changeMemberPin(
  db: Db,
  config: Config,
  ip: string,
  session: MemberSession,
  input: { old_pin: string; new_pin: string },
) {
  if (session.sessionId === undefined) throw new AppError("UNAUTHORIZED");
  const sessionId = session.sessionId;
  const mine = and(eq(members.id, session.memberId), tenantOfVendor(session.vendorId).owns(members));
  const [member] = await db.select({ phone: members.phone }).from(members).where(mine);
  if (!member) throw new AppError("UNAUTHORIZED");
  const right = await checkMemberPin(
    db,
    config,
    { vendorId: session.vendorId, phone: member.phone },
    ip,
    async (tx) => {
      const [row] = await tx.select({ pinHash: members.pinHash }).from(members).where(mine);
      return row?.pinHash ? verifyPassword(row.pinHash, input.old_pin) : verifyAgainstNothing(input.old_pin);
    },
  );
  if (!right) throw new AppError("OLD_PASSWORD_WRONG", { field: "old_pin" });
  const pinHash = await hashPassword(input.new_pin);
  const ended = await db.transaction(async (tx) => {
    await tx.update(members).set({ pinHash }).where(mine);
    return tx
      .delete(memberSessions)
      .where(and(eq(memberSessions.memberId, session.memberId), ne(memberSessions.id, sessionId)))
      .returning({ id: memberSessions.id });
  });
  return { ended_sessions: ended.length };
}

/** The member behind a member token (never a console session's token: those live elsewhere). */
export async function resolveMember(db: Db, token: string): Promise<MemberSession> {
  const [row] = await db
    .select({ sessionId: memberSessions.id, memberId: members.id, vendorId: members.vendorId, status: members.status })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.tokenHash, hashToken(token)), gt(memberSessions.expiresAt, new Date())));
  if (!row) throw new AppError("UNAUTHORIZED");
  if (row.status !== MEMBER_STATUS.active) throw new AppError("ACCOUNT_DISABLED");
  return { memberId: row.memberId, vendorId: row.vendorId, sessionId: row.sessionId };
}

export async function wallet(db: Db, session: MemberSession) {
  const [row] = await db
    .select({
      id: members.id,
      phone: members.phone,
      name: members.name,
      balance: members.balance,
      reward: members.reward,
      currency: vendorCurrencyOf(members.vendorId),
    })
    .from(members)
    .where(and(eq(members.id, session.memberId), tenantOfVendor(session.vendorId).owns(members)));
  if (!row?.currency) throw new AppError("UNAUTHORIZED");
  return {
    member_id: row.id,
    phone: row.phone,
    name: row.name,
    balance: row.balance,
    reward: row.reward,
    currency: row.currency,
  };
}

export async function memberMovements(db: Db, session: MemberSession) {
  const rows = await db
    .select(movementColumns)
    .from(balanceMovements)
    .where(
      and(eq(balanceMovements.memberId, session.memberId), tenantOfVendor(session.vendorId).owns(balanceMovements)),
    )
    .orderBy(desc(balanceMovements.id))
    .limit(50);
  return { items: rows.map(movementView) };
}

/**
 * A top-up the member pays for. Only a provider that completes at once can pay it here (the demo's
 * sandbox, capped per top-up); the app's request id makes a retried top-up one top-up.
 */
export async function topUp(deps: AppDeps, session: MemberSession, input: z.output<typeof memberTopUpRequest>) {
  const { db } = deps;
  const vendor = await findVendor(db, session.vendorId);
  if (!vendor) throw new AppError("UNAUTHORIZED");
  const payable = await payableProviders(deps, vendor.id, vendor.enabledProviders, vendor.currency);
  if (input.provider !== "sandbox" || !payable.includes("sandbox")) {
    throw new AppError("PROVIDER_NOT_CONFIGURED", { field: "provider" });
  }
  // The sandbox moves no money: it tops up no more than a real top-up would be (about USD 500).
  const max = sandboxTopUpMax(vendor.currency);
  if (input.amount > max) {
    throw new AppError("SANDBOX_TOP_UP_LIMIT", { field: "amount", params: { max: formatMoney(max, vendor.currency) } });
  }
  await creditTopUp(db, session, input);
  return wallet(db, session);
}

/**
 * A paid top-up reaches the balance: once per request id, with the money received as other income,
 * and with it, in the same movement, the bonus a running top-up bonus gives for its amount.
 */
export async function creditTopUp(
  db: Db,
  session: MemberSession,
  input: { amount: number; provider: string; request_id: string },
  at?: Date,
) {
  // The demo's history, written at its own dates, earns no bonus running today.
  const bonus = at ? [] : await topUpBonus(db, session.vendorId, session.memberId, input.amount);
  await move(
    db,
    session.vendorId,
    { kind: "member", id: session.memberId },
    [{ purse: "balance", kind: "topup", amount: input.amount }, ...bonus],
    {
      paid: input.amount,
      reason: `Top-up through ${input.provider}`,
      ref: `topup:${session.memberId}:${input.request_id}`,
      ...(at ? { at } : {}),
    },
    (locked) => {
      if (!locked.active) throw new AppError("ACCOUNT_INACTIVE");
    },
  );
}

/** One program a member pays for at one machine. */
export interface MemberSale {
  vendor: { id: number; currency: string; timeZone: string };
  memberId: number;
  shopId: number;
  deviceId: number;
  machineType: string;
  /** How the member's statement names it: the machine and the program. */
  label: string;
  /** The program at its list price (the price template's). */
  program: { name: string; listPrice: number; minutes: number };
  purse: "balance" | "reward";
  /** A coupon's unique number, spent on this sale. */
  coupon?: string | undefined;
}

/**
 * The paid order of a sale, in the caller's transaction under the member's lock: the coupon claimed
 * first, then the price from the pricing engine (time-of-day price, promotion — first use free for a
 * member who never paid —, the member's wash-dry and discount cards, the coupon), then the order,
 * which keeps the explanation, the cards' uses, the debit, a referral's gifts and the bonus points.
 * Whether this is the member's first paid use is read under the same lock, so two payments at once
 * cannot both be the first.
 */
export async function chargeMember(tx: Tx, locked: LockedHolder, sale: MemberSale) {
  const at = new Date();
  const rules = await rulesOf(tx, sale.vendor, sale.shopId, at);
  const claimed = sale.coupon
    ? await claimCoupon(tx, {
        vendorId: sale.vendor.id,
        memberId: sale.memberId,
        uniqueDid: sale.coupon,
        shopId: sale.shopId,
        deviceId: sale.deviceId,
      })
    : null;
  const { pricing, passes } = await memberQuote(tx, locked, rules, {
    vendor: sale.vendor,
    shopId: sale.shopId,
    machineType: sale.machineType,
    listPrice: sale.program.listPrice,
    at,
    ...(claimed ? { coupon: claimed.coupon } : {}),
  });
  const charged = pricing.final_price;
  const created = await createMemberOrder(tx, {
    vendorId: sale.vendor.id,
    currency: sale.vendor.currency,
    memberId: sale.memberId,
    shopId: sale.shopId,
    deviceId: sale.deviceId,
    amount: charged,
    program: sale.program.name,
    minutes: sale.program.minutes,
    pricing,
  });
  const couponOff = -(pricing.adjustments.find((a) => a.kind === "coupon")?.amount ?? 0);
  if (claimed) await noteCouponDiscount(tx, claimed.memberCouponId, couponOff, created.orderNo);
  const after =
    charged > 0
      ? await applyChanges(tx, locked, [{ purse: sale.purse, kind: "payment", amount: -charged }], {
          orderNo: created.orderNo,
          shopId: sale.shopId,
          reason: sale.label,
          ref: `order:${created.orderNo}`,
        })
      : locked.purses;
  await settleMemberSale(
    tx,
    { ...locked, purses: after },
    {
      vendorId: sale.vendor.id,
      shopId: sale.shopId,
      machineType: sale.machineType,
      orderNo: created.orderNo,
      pricing,
      passes,
      earnsPoints: sale.purse === "balance",
    },
  );
  return { orderNo: created.orderNo, charged, discount: pricing.list_price - charged, pricing };
}

/**
 * Pays a free machine's program from the member's balance: the debit, the paid order and its start
 * are one transaction, under the member's lock; a start that fails is refunded to the balance.
 */
export async function payFromBalance(deps: AppDeps, session: MemberSession, input: z.output<typeof memberPayRequest>) {
  const { db } = deps;
  const { vendor, where, machine, program } = await chosenProgram(db, { serial: input.serial }, null, input.option);
  if (vendor.id !== session.vendorId) throw new AppError("NOT_FOUND", { field: "serial" });
  const order = await db.transaction(async (tx) => {
    const locked = await lockHolder(tx, session.vendorId, { kind: "member", id: session.memberId });
    if (!locked?.active) throw new AppError("ACCOUNT_INACTIVE");
    return chargeMember(tx, locked, {
      vendor,
      memberId: session.memberId,
      shopId: where.shopId,
      deviceId: machine.id,
      machineType: machine.machine_type,
      label: `${machine.name || machine.machine_number} · ${program.name}`,
      program: { name: program.name, listPrice: program.list_price, minutes: program.minutes },
      purse: input.purse,
      coupon: input.coupon,
    });
  });
  return {
    order_no: order.orderNo,
    charged: order.charged,
    discount: order.discount,
    pricing: order.pricing,
    wallet: await wallet(db, session),
  };
}
