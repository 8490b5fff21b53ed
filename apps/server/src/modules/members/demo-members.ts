import { minorUnits } from "@washboard/shared";
import { count, inArray } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Db, Tx } from "../../platform/db/client.js";
import { findAccountByUsername } from "../accounts/public.js";
import { placedDevicesOfVendors } from "../devices/public.js";
import { writeDemoMemberOrders } from "../orders/public.js";
import { type VendorRow, vendorsNamed } from "../tenancy/public.js";
import { type DemoMachine, type MemberHistory, planMemberHistory } from "./demo-member-history.js";
import { balanceMovements, cards, coupons, MEMBER_COUPON_STATE, memberCoupons, members } from "./tables.js";

/** The demo members' app PIN (README: sign in to the member API with a demo phone and this PIN). */
export const DEMO_MEMBER_PIN = "1234";
const ADMINS: Record<string, string> = {
  "Demo Laundry Kuala Lumpur": "vendor_admin",
  "Demo Laundry Bangkok": "vendor2_admin",
};
/** Rows per insert: one statement per table per batch, well under PostgreSQL's 65,535 parameters. */
const BATCH = 2_000;

/** A small deterministic generator: the demo's members are the same on every fresh install. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A few hundred members for the demo vendors with ninety days of history (demo-member-history.ts):
 * computed in memory, then bulk-loaded in one transaction — members, cards, their orders (through the
 * orders module), coupons and the ledger, one statement per table per batch — with each row as the
 * product's services write it and every balance the sum of its movements. Run once: a demo vendor
 * that has members is left alone.
 */
export async function seedDemoMembers(db: Db, vendorNames: readonly string[]): Promise<boolean> {
  const demo = await vendorsNamed(db, vendorNames);
  if (demo.length === 0) return false;
  const [existing] = await db
    .select({ n: count() })
    .from(members)
    .where(
      inArray(
        members.vendorId,
        demo.map((v) => v.id),
      ),
    );
  if ((existing?.n ?? 0) > 0) return false;
  const machines = (
    await placedDevicesOfVendors(
      db,
      demo.map((v) => v.id),
    )
  ).filter((m) => m.type === "washer" || m.type === "dryer");
  const pinHash = await hashPassword(DEMO_MEMBER_PIN);
  const next = random(20_261_125);
  await db.transaction(async (tx) => {
    for (const vendor of demo) await seedVendor(tx, vendor, machines, pinHash, next);
  });
  return true;
}

async function seedVendor(tx: Tx, vendor: VendorRow, machines: DemoMachine[], pinHash: string, next: () => number) {
  const sellers = machines.filter((m) => m.vendorId === vendor.id);
  const admin = await findAccountByUsername(tx, ADMINS[vendor.name] ?? "");
  if (sellers.length === 0 || !admin) return;
  const unit = minorUnits(1, vendor.currency);
  // The demo's two coupons to give, which its members have been given and spend.
  const offers = await tx
    .insert(coupons)
    .values([
      {
        vendorId: vendor.id,
        code: "WEEKDAY20",
        kind: "discount",
        name: "Weekday 20% off",
        discountRate: 20,
        validDays: 30,
      },
      {
        vendorId: vendor.id,
        code: "WELCOME",
        kind: "voucher",
        name: "Welcome voucher",
        amount: 2 * unit * (unit === 1 ? 10 : 1),
        validDays: 60,
      },
    ])
    .returning({
      id: coupons.id,
      kind: coupons.kind,
      discountRate: coupons.discountRate,
      amount: coupons.amount,
      validDays: coupons.validDays,
    });
  const history = planMemberHistory(vendor, sellers, offers, admin, next);
  await writeHistory(tx, vendor.id, history, pinHash);
}

/** Writes a planned history: members and their cards first (their ids name the rest), then orders, coupons, the ledger. */
async function writeHistory(tx: Tx, vendorId: number, history: MemberHistory, pinHash: string) {
  if (history.members.length === 0) return;
  const written = await tx
    .insert(members)
    .values(
      history.members.map((m) => ({
        vendorId,
        phone: m.phone,
        name: m.name,
        shopId: m.shopId,
        pinHash,
        registeredAt: m.registeredAt,
        balance: m.balance,
        reward: m.reward,
      })),
    )
    .returning({ id: members.id, phone: members.phone });
  const idOfPhone = new Map(written.map((row) => [row.phone, row.id]));
  const memberIds = history.members.map((m) => {
    const id = idOfPhone.get(m.phone);
    if (id === undefined) throw new Error(`demo member ${m.phone} not written`);
    return id;
  });
  const memberId = (index: number) => memberIds[index] ?? 0;
  // Registered and bound at the counter with the registration: the card's date is the member's.
  const writtenCards = await tx
    .insert(cards)
    .values(
      history.members.map((m, index) => ({
        vendorId,
        uuid: m.card.uuid,
        cardNumber: m.card.cardNumber,
        type: m.card.type,
        memberId: memberId(index),
        balance: m.card.balance,
        lastUsedAt: m.card.lastUsedAt,
        createdAt: m.registeredAt,
      })),
    )
    .returning({ id: cards.id, cardNumber: cards.cardNumber });
  const idOfCard = new Map(writtenCards.map((row) => [row.cardNumber, row.id]));
  const cardId = (index: number) => idOfCard.get(history.members[index]?.card.cardNumber ?? "") ?? 0;

  const orderNos = await writeDemoMemberOrders(
    tx,
    history.orders.map((order) => ({ ...order, memberId: memberId(order.memberId ?? 0) })),
  );
  const orderNo = (index: number | null) => (index === null ? null : (orderNos[index] ?? null));

  const given = history.members.flatMap((m, index) => {
    const c = m.coupon;
    if (!c) return [];
    const spent = c.spent;
    return [
      {
        vendorId,
        memberId: memberId(index),
        couponId: c.offer.id,
        uniqueDid: c.uniqueDid,
        state: spent ? MEMBER_COUPON_STATE.used : MEMBER_COUPON_STATE.unused,
        expiresAt: c.expiresAt,
        givenBy: c.givenBy,
        issuedAt: c.issuedAt,
        usedAt: spent?.at ?? null,
        orderNo: spent ? orderNo(spent.order) : null,
        shopId: spent?.shopId ?? null,
        deviceId: spent?.deviceId ?? null,
        discount: spent?.discount ?? null,
      },
    ];
  });
  if (given.length > 0) await tx.insert(memberCoupons).values(given);

  const rows = history.movements.map((m) => {
    const number = orderNo(m.order);
    return {
      vendorId,
      memberId: memberId(m.member),
      cardId: m.card === null ? null : cardId(m.card),
      purse: m.purse,
      kind: m.kind,
      amount: m.amount,
      balanceAfter: m.balanceAfter,
      paid: m.paid,
      reason: m.reason.slice(0, 255),
      accountId: m.operator?.accountId ?? null,
      operator: m.operator?.name.slice(0, 64) ?? null,
      orderNo: number,
      shopId: m.shopId,
      ref: m.ref?.replace("{member}", String(memberId(m.member))).replace("{order}", number ?? "") ?? null,
      createdAt: m.at,
    };
  });
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(balanceMovements).values(rows.slice(i, i + BATCH));
}
