import { SIMULATED_CARD_COUNT, simulatedCardNumber } from "@washboard/device-sim";
import { and, count, eq, inArray } from "drizzle-orm";
import { hashPassword } from "../../platform/auth/passwords.js";
import type { Db } from "../../platform/db/client.js";
import { findAccountByUsername } from "../accounts/public.js";
import { placedDevicesOfVendors } from "../devices/public.js";
import { writeCardSale } from "../orders/public.js";
import { type VendorRow, vendorsNamed } from "../tenancy/public.js";
import { bindCard, createCard, topUpCard } from "./card-service.js";
import { giveCoupon } from "./coupon-service.js";
import { lockHolder } from "./ledger.js";
import { chargeMember, creditTopUp, registerMember } from "./member-app.js";
import { cards, coupons, memberCoupons, members } from "./tables.js";

const DAYS = 90;
/** The demo members' app PIN (README: sign in to the member API with a demo phone and this PIN). */
export const DEMO_MEMBER_PIN = "1234";
const FIRST_NAMES = ["Aisyah", "Ben", "Chen", "Dewi", "Eko", "Farah", "Gopal", "Hana", "Imran", "Jia", "Kiet", "Lina"];
const ADMINS: Record<string, string> = {
  "Demo Laundry Kuala Lumpur": "vendor_admin",
  "Demo Laundry Bangkok": "vendor2_admin",
};

type Seller = Awaited<ReturnType<typeof placedDevicesOfVendors>>[number];

/** A small deterministic generator: the demo's members are the same on every fresh install. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A few hundred members for the demo vendors, made through the code paths the product uses, not by
 * inserting rows: each registers in the member app at one of the vendor's machines, gets a card
 * registered and bound at the counter (the numbers the simulated machines' customers tap, so the
 * live demo debits them), tops up through the app and at the counter, and taps the card at
 * machines over ninety days — each tap a machine event through the same writer the gateway feeds.
 * Run once: a demo vendor that has members is left alone.
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
  for (const vendor of demo) {
    // One transaction per vendor: the same statements, without a commit per movement.
    await db.transaction((tx) => seedVendor(tx as unknown as Db, vendor, machines, pinHash, next));
  }
  return true;
}

async function seedVendor(db: Db, vendor: VendorRow, machines: Seller[], pinHash: string, next: () => number) {
  const now = Date.now();
  const sellers = machines.filter((m) => m.vendorId === vendor.id);
  const admin = await findAccountByUsername(db, ADMINS[vendor.name] ?? "");
  if (sellers.length === 0 || !admin) return;
  const memberIds: number[] = [];
  const scope = { groupId: vendor.groupId, vendorId: vendor.id };
  const unit = vendor.currency === "MYR" ? 100 : 1;
  // Coupons are the promotions issue's to define; the demo has two to give, and members spend them.
  const offers = await db
    .insert(coupons)
    .values([
      { vendorId: vendor.id, kind: "discount", name: "Weekday 20% off", discountRate: 20, validDays: 30 },
      {
        vendorId: vendor.id,
        kind: "voucher",
        name: "Welcome voucher",
        amount: 2 * unit * (unit === 1 ? 10 : 1),
        validDays: 60,
      },
    ])
    .returning({ id: coupons.id, validDays: coupons.validDays });
  const giveDemoCoupon = async (memberId: number, offer: (typeof offers)[number], at: Date) => {
    await giveCoupon(db, scope, { accountId: admin.id }, { member_ids: [memberId], coupon_id: offer.id });
    const [held] = await db
      .update(memberCoupons)
      .set({ issuedAt: at, expiresAt: new Date(at.getTime() + offer.validDays * 86_400_000) })
      .where(and(eq(memberCoupons.memberId, memberId), eq(memberCoupons.couponId, offer.id)))
      .returning({ uniqueDid: memberCoupons.uniqueDid, expiresAt: memberCoupons.expiresAt });
    return held;
  };
  {
    const counter = { accountId: admin.id, username: admin.username };
    const prefix = vendor.currency === "MYR" ? "6012" : "6681";
    for (let i = 0; i < SIMULATED_CARD_COUNT; i++) {
      const home = sellers[i % sellers.length];
      if (!home) continue;
      const registeredAt = new Date(now - (DAYS + 30) * 86_400_000 + i * 3_600_000 * 8);
      const session = await registerMember(
        db,
        {
          place: { serial: home.serial },
          phone: `${prefix}${String(1_000_000 + i * 37).slice(1)}`,
          pin: DEMO_MEMBER_PIN,
          name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${String.fromCharCode(65 + (i % 26))}.`,
        },
        { pinHash, at: registeredAt },
      );
      const memberSession = { memberId: session.member_id, vendorId: vendor.id };
      memberIds.push(session.member_id);
      const uuid = `D${vendor.id.toString(16).padStart(2, "0")}${i.toString(16).padStart(5, "0")}`.toUpperCase();
      const card = await createCard(db, scope, {
        uuid,
        card_number: simulatedCardNumber(i),
        type: i % 40 === 0 ? "free" : "ordinary",
      });
      await bindCard(db, scope, card.id, session.member_id);
      // The card came with the registration: its date is the member's, as its first top-up's is after it.
      await db.update(cards).set({ createdAt: registeredAt }).where(eq(cards.id, card.id));
      let onCard = 0;
      let inApp = 0;
      // A third of the members are given a coupon along the way; most spend it in the app.
      const offer = i % 3 === 0 ? offers[(i / 3) % offers.length] : undefined;
      let coupon: { uniqueDid: string; expiresAt: Date; spent?: boolean } | undefined;
      for (let day = DAYS; day >= 0; day -= 4 + Math.floor(next() * 12)) {
        const at = new Date(now - day * 86_400_000 - Math.floor(next() * 10 * 3_600_000));
        if (offer && !coupon && day <= DAYS - 20) coupon = await giveDemoCoupon(session.member_id, offer, at);
        const roll = next();
        const appPrice = (vendor.currency === "MYR" ? ([5, 6, 7, 9][Math.floor(next() * 4)] ?? 7) : 50) * unit;
        if (roll < 0.2) {
          const amount = (10 + 10 * Math.floor(next() * 5)) * unit * (unit === 1 ? 10 : 1);
          await creditTopUp(
            db,
            memberSession,
            { amount, provider: "sandbox", request_id: `demo-${vendor.id}-${i}-${day}` },
            at,
          );
          inApp += amount;
        } else if (roll < 0.35 && inApp >= appPrice) {
          const machine = sellers[Math.floor(next() * sellers.length)] ?? home;
          const usable = coupon && !coupon.spent && coupon.expiresAt > at ? coupon : undefined;
          const program = machine.type === "dryer" ? { name: "Dry", minutes: 40 } : { name: "Wash", minutes: 30 };
          // As the app pays: under the member's lock, in a transaction of its own (here a savepoint).
          const sale = await db.transaction(async (tx) => {
            const locked = await lockHolder(tx, vendor.id, { kind: "member", id: session.member_id });
            if (!locked) throw new Error(`demo member ${session.member_id} not found`);
            return chargeMember(
              tx,
              locked,
              {
                vendor,
                memberId: session.member_id,
                shopId: machine.shopId ?? home.shopId ?? 0,
                deviceId: machine.id,
                label: `${machine.serial} · ${program.name}`,
                program: { ...program, price: appPrice },
                purse: "balance",
                coupon: usable?.uniqueDid,
              },
              { at },
            );
          });
          inApp -= sale.charged;
          if (usable) usable.spent = true;
        } else if (card.type === "ordinary" && (onCard < 20 * unit || roll < 0.35)) {
          const amount = (20 + 10 * Math.floor(next() * 4)) * unit * (unit === 1 ? 10 : 1);
          await topUpCard(db, scope, counter, { card_id: card.id, amount, reason: "Counter top-up" }, at);
          onCard += amount;
        } else {
          const machine = sellers[Math.floor(next() * sellers.length)] ?? home;
          const price = (vendor.currency === "MYR" ? ([5, 6, 7, 9][Math.floor(next() * 4)] ?? 7) : 50) * unit;
          await writeCardSale(db, {
            deviceId: machine.id,
            serial: machine.serial,
            key: `demo-card-${i}-${day}`,
            at,
            event: {
              v: 1,
              type: "card_used",
              id: `demo-card-${i}-${day}`,
              ts: Math.floor(at.getTime() / 1000),
              card_number: card.card_number,
              amount: price,
            },
          });
          if (card.type === "ordinary") onCard = Math.max(0, onCard - price);
        }
      }
    }
  }
}
