import { LIMITS, priceTemplateListRequest, wallClockParts, zonedDayStart } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { findAccountByUsername } from "../accounts/public.js";
import { placedDevicesOfVendors } from "../devices/public.js";
import { demoCounterWork } from "../members/public.js";
import { demoConsoleRefunds } from "../orders/public.js";
import { listPriceTemplates } from "../price-templates/public.js";
import { shopChoices } from "../shops/public.js";
import { claimSystemConfig } from "../system-config/public.js";
import { tenantOfVendor, type VendorRow, vendorsNamed } from "../tenancy/public.js";
import { operationLog } from "./tables.js";

/** Claimed once, by the seeding that writes the demo's recent operations. */
const MARKER = "seed.demo.operations";
/** How far back the demo's log reaches: the dashboard and the log's first pages. */
const DAYS = 14;

type Row = typeof operationLog.$inferInsert;

/** Who works in each demo vendor's console, and from where (the address the log records). */
const STAFF: Record<string, { admin: string; staff?: string; ip: string; staffIp?: string }> = {
  "Demo Laundry Kuala Lumpur": {
    admin: "vendor_admin",
    staff: "vendor_sub",
    ip: "175.143.20.118",
    staffIp: "60.52.101.7",
  },
  "Demo Laundry Bangkok": { admin: "vendor2_admin", ip: "49.228.106.34" },
};

/** A deterministic generator: the demo's log is the same on every fresh install. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

/** `hour` (9.5 is 09:30) on the vendor's wall clock, `daysAgo` days before `now`. */
function vendorTime(now: number, daysAgo: number, hour: number, timeZone: string): Date {
  const p = wallClockParts(now - daysAgo * 86_400_000, timeZone);
  return new Date(zonedDayStart(`${p.year}-${p.month}-${p.day}`, timeZone) * 1000 + Math.floor(hour * 3_600_000));
}

/**
 * The demo vendors' last two weeks in the operation log, as the calls write it (label, acting
 * account, target naming the record by id, outcome, address): the morning sign-ins, machines
 * restarted and remote-started, coins collected, a price change and its assignment, shop edits —
 * and, at the moments the demo's history has them, the cards topped up, rewards and coupons given
 * at the counter and the sandbox refunds. Without it the dashboard's recent operations would be
 * only the sign-ins of whoever opened the demo. Once: the first seeding claims a marker.
 */
export async function seedDemoOperations(db: Db, vendorNames: readonly string[], now = Date.now()): Promise<boolean> {
  const demo = await vendorsNamed(db, vendorNames);
  if (demo.length === 0) return false;
  const rows: Row[] = [];
  const next = random(20_261_127);
  for (const vendor of demo) rows.push(...(await vendorOperations(db, vendor, now, next)));
  if (rows.length === 0) return false;
  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, MARKER, "1"))) return false;
    await tx.insert(operationLog).values(rows);
    return true;
  });
}

async function vendorOperations(db: Db, vendor: VendorRow, now: number, next: () => number): Promise<Row[]> {
  const people = STAFF[vendor.name];
  const admin = people && (await findAccountByUsername(db, people.admin));
  if (!people || !admin) return [];
  const staff = people.staff ? await findAccountByUsername(db, people.staff) : undefined;
  const nameOf = new Map([admin, staff].flatMap((a) => (a ? [[a.id, a.username] as const] : [])));
  const since = new Date(now - DAYS * 86_400_000);
  const at = (daysAgo: number, hour: number) => vendorTime(now, daysAgo, hour, vendor.timeZone);
  const rows: Row[] = [];
  const add = (who: { id: number; username: string }, action: string, target: string, when: Date, failure?: string) => {
    if (when.getTime() > now) return;
    const signIn = action === "auth.login";
    rows.push({
      accountId: failure ? null : who.id,
      actor: who.username,
      // A sign-in names the account's own tenant; a call in the console names the vendor's scope.
      groupId: signIn ? null : vendor.groupId,
      vendorId: vendor.id,
      action,
      target,
      outcome: failure ? "failure" : "success",
      errorCode: failure ?? null,
      ip: who === staff && people.staffIp ? people.staffIp : people.ip,
      createdAt: when,
    });
  };

  const machines = (await placedDevicesOfVendors(db, [vendor.id])).filter((m) => m.type !== "kiosk");
  const shops = await shopChoices(db, tenantOfVendor(vendor.id));
  const everyTemplate = priceTemplateListRequest.parse({ page_size: LIMITS.priceTemplatesPerVendor });
  const templates = (await listPriceTemplates(db, { groupId: null, vendorId: vendor.id }, everyTemplate)).items;
  const pickOf = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)];

  for (let day = DAYS - 1; day >= 0; day--) {
    // The owner opens the console most mornings; the shop supervisor most days a little later.
    if (next() < 0.85) add(admin, "auth.login", `account:${admin.username}`, at(day, 8.5 + next()));
    if (staff && next() < 0.6) {
      const morning = at(day, 10 + next());
      // Now and then a mistyped password first.
      if (day === 6)
        add(staff, "auth.login", `account:${staff.username}`, new Date(morning.getTime() - 40_000), "LOGIN_FAILED");
      add(staff, "auth.login", `account:${staff.username}`, morning);
    }
    // A machine that hung is restarted from the console; a customer whose payment went through but
    // whose machine did not start is started remotely.
    const hung = pickOf(machines);
    if (hung && next() < 0.45) add(staff ?? admin, "devices.reboot", `device:${hung.id}`, at(day, 11 + next() * 8));
    const stuck = pickOf(machines.filter((m) => m.type === "washer" || m.type === "dryer"));
    if (stuck && next() < 0.2)
      add(staff ?? admin, "devices.remoteStart", `device:${stuck.id}`, at(day, 18 + next() * 3));
    // The cash boxes of one shop are collected at closing time, shops taking turns.
    const shop = shops[day % Math.max(1, shops.length)];
    if (shop && day % 2 === 0) add(admin, "devices.coinCollection", `shop:${shop.id}`, at(day, 22 + next() / 2));
  }

  // A price change and what followed it: the washers' template changed, then given to a shop's machines again.
  const [wash, dry, combo] = templates;
  if (wash) add(admin, "priceTemplates.modify", `price_template:${wash.id}`, at(9, 10.25));
  if (combo) add(admin, "priceTemplates.assign", `price_template:${combo.id}`, at(9, 10.4));
  if (dry) add(admin, "priceTemplates.modify", `price_template:${dry.id}`, at(3, 15.1));
  // Shop edits: new photos, an address corrected, member cards switched on.
  const [first, second, third] = [...shops].sort((a, b) => a.id - b.id);
  if (first) add(admin, "shops.modify", `shop:${first.id} changed:images`, at(11, 14.6));
  if (second) add(admin, "shops.modify", `shop:${second.id} changed:address`, at(6, 16.2));
  if (third) add(admin, "shops.modify", `shop:${third.id} changed:epay_member_cards`, at(2, 9.9));

  // The counter's work and the refunds, at the moments the history has them.
  for (const work of await demoCounterWork(db, vendor.id, since)) {
    const who = nameOf.get(work.accountId);
    if (who) add({ id: work.accountId, username: who }, work.action, work.target, work.at);
  }
  for (const refund of await demoConsoleRefunds(db, vendor.id, since)) {
    add(staff ?? admin, refund.action, refund.target, refund.at);
  }
  return rows;
}
