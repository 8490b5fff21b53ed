import {
  formatMoney,
  type memberPayRequest,
  type memberTopUpRequest,
  type payPlace,
  sandboxTopUpMax,
} from "@washboard/shared";
import { and, desc, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import { hashPassword, verifyAgainstNothing, verifyPassword } from "../../platform/auth/passwords.js";
import type { Config } from "../../platform/config.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { recordExistsOnDuplicate } from "../../platform/db/errors.js";
import { AppError } from "../../platform/http/app-error.js";
import type { MemberSession } from "../../platform/http/context.js";
import type { AppDeps } from "../../platform/module.js";
import { checkSignIn } from "../accounts/throttle.js";
import { hashToken, newToken } from "../accounts/tokens.js";
import { createMemberOrder } from "../orders/member-orders.js";
import { chosenProgram, payableProviders, vendorOfPlace } from "../pay/service.js";
import { findVendor } from "../tenancy/queries.js";
import { tenantOfVendor } from "../tenancy/scope.js";
import { markCouponOrder, spendCoupon } from "./coupon-service.js";
import { applyChanges, type LockedHolder, lockHolder, move } from "./ledger.js";
import { movementColumns, movementView } from "./member-view.js";
import { balanceMovements, MEMBER_STATUS, memberSessions, members } from "./tables.js";

/** A member app session lasts this long; the app signs in again after it. */
const MEMBER_SESSION_DAYS = 30;

type Place = z.output<typeof payPlace>;

async function openSession(db: Db, memberId: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + MEMBER_SESSION_DAYS * 86_400_000);
  await db.insert(memberSessions).values({ memberId, tokenHash: hashToken(token), expiresAt });
  return { member_token: token, member_id: memberId, expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

/** A customer registers with the vendor of the shop they stand in: one member per phone and vendor. */
export async function registerMember(
  db: Db,
  input: { place: Place; phone: string; pin: string; name: string },
  /** The demo's history: a PIN hashed once for all its members, and when each registered. */
  seeded?: { pinHash: string; at: Date },
) {
  const { vendor, shopId } = await vendorOfPlace(db, input.place);
  const pinHash = seeded?.pinHash ?? (await hashPassword(input.pin));
  const [row] = await recordExistsOnDuplicate(
    () =>
      db
        .insert(members)
        .values({
          vendorId: vendor.id,
          phone: input.phone,
          name: input.name,
          shopId,
          pinHash,
          ...(seeded ? { registeredAt: seeded.at } : {}),
        })
        .returning({ id: members.id }),
    "phone",
  );
  if (!row) throw new Error("member not registered");
  return openSession(db, row.id);
}

/**
 * Phone and PIN; a wrong one and an unknown phone answer alike and take the same time. A PIN has few
 * digits, so sign-ins are throttled as the console's are (per phone and per address, counted in the
 * database): a brute force stops after a handful of tries.
 */
export async function signInMember(
  db: Db,
  config: Config,
  ip: string,
  input: { place: Place; phone: string; pin: string },
) {
  const { vendor } = await vendorOfPlace(db, input.place);
  let found: { id: number; status: number } | undefined;
  const valid = await checkSignIn(db, config, `member:${vendor.id}:${input.phone}`, ip, async (tx) => {
    const [member] = await tx
      .select({ id: members.id, pinHash: members.pinHash, status: members.status })
      .from(members)
      .where(and(tenantOfVendor(vendor.id).owns(members), eq(members.phone, input.phone)));
    found = member;
    return member?.pinHash ? verifyPassword(member.pinHash, input.pin) : verifyAgainstNothing(input.pin);
  });
  if (!found || !valid) throw new AppError("LOGIN_FAILED");
  if (found.status !== MEMBER_STATUS.active) throw new AppError("ACCOUNT_DISABLED");
  return openSession(db, found.id);
}

/** The member behind a member token (never a console session's token: those live elsewhere). */
export async function resolveMember(db: Db, token: string): Promise<MemberSession> {
  const [row] = await db
    .select({ memberId: members.id, vendorId: members.vendorId, status: members.status })
    .from(memberSessions)
    .innerJoin(members, eq(members.id, memberSessions.memberId))
    .where(and(eq(memberSessions.tokenHash, hashToken(token)), gt(memberSessions.expiresAt, new Date())));
  if (!row) throw new AppError("UNAUTHORIZED");
  if (row.status !== MEMBER_STATUS.active) throw new AppError("ACCOUNT_DISABLED");
  return { memberId: row.memberId, vendorId: row.vendorId };
}

export async function wallet(db: Db, session: MemberSession) {
  const [row] = await db
    .select({
      id: members.id,
      phone: members.phone,
      name: members.name,
      balance: members.balance,
      reward: members.reward,
    })
    .from(members)
    .where(and(eq(members.id, session.memberId), tenantOfVendor(session.vendorId).owns(members)));
  const vendor = await findVendor(db, session.vendorId);
  if (!row || !vendor) throw new AppError("UNAUTHORIZED");
  return {
    member_id: row.id,
    phone: row.phone,
    name: row.name,
    balance: row.balance,
    reward: row.reward,
    currency: vendor.currency,
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

/** A paid top-up reaches the balance: once per request id, with the money received as other income. */
export async function creditTopUp(
  db: Db,
  session: MemberSession,
  input: { amount: number; provider: string; request_id: string },
  at?: Date,
) {
  await move(
    db,
    session.vendorId,
    { kind: "member", id: session.memberId },
    [{ purse: "balance", kind: "topup", amount: input.amount }],
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
  vendor: { id: number; currency: string };
  memberId: number;
  shopId: number;
  deviceId: number;
  /** How the member's statement names it: the machine and the program. */
  label: string;
  program: { name: string; price: number; minutes: number };
  purse: "balance" | "reward";
  /** A coupon's unique number, spent on this sale. */
  coupon?: string | undefined;
}

/**
 * The paid order of a sale, in the caller's transaction under the member's lock: the coupon spent
 * first (its discount decides the price), then the order and the debit of what is left.
 */
export async function chargeMember(tx: Tx, locked: LockedHolder, sale: MemberSale, seeded?: { at: Date }) {
  const coupon = sale.coupon
    ? await spendCoupon(
        tx,
        {
          vendorId: sale.vendor.id,
          memberId: sale.memberId,
          uniqueDid: sale.coupon,
          price: sale.program.price,
          shopId: sale.shopId,
          deviceId: sale.deviceId,
        },
        seeded?.at,
      )
    : null;
  const charged = sale.program.price - (coupon?.discount ?? 0);
  const created = await createMemberOrder(
    tx,
    {
      vendorId: sale.vendor.id,
      currency: sale.vendor.currency,
      memberId: sale.memberId,
      shopId: sale.shopId,
      deviceId: sale.deviceId,
      amount: charged,
      program: sale.program.name,
      minutes: sale.program.minutes,
    },
    seeded,
  );
  if (coupon) await markCouponOrder(tx, coupon.id, created.orderNo);
  if (charged > 0) {
    await applyChanges(tx, locked, [{ purse: sale.purse, kind: "payment", amount: -charged }], {
      orderNo: created.orderNo,
      shopId: sale.shopId,
      reason: sale.label,
      ref: `order:${created.orderNo}`,
      ...(seeded ? { at: seeded.at } : {}),
    });
  }
  return { orderNo: created.orderNo, charged, discount: coupon?.discount ?? 0 };
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
      label: `${machine.name || machine.machine_number} · ${program.name}`,
      program,
      purse: input.purse,
      coupon: input.coupon,
    });
  });
  return {
    order_no: order.orderNo,
    charged: order.charged,
    discount: order.discount,
    wallet: await wallet(db, session),
  };
}
