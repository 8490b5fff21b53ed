import { accounts } from "../modules/accounts/tables.js";
import type { brands } from "../modules/brands/tables.js";
import { roles } from "../modules/roles/tables.js";
import { shops } from "../modules/shops/tables.js";
import { groups, vendors } from "../modules/tenancy/tables.js";
import { hashPassword } from "../platform/auth/passwords.js";
import type { Database } from "../platform/db/client.js";
import { DEMO_PASSWORD } from "../seed/demo.js";

type Group = typeof groups.$inferSelect;
type Vendor = typeof vendors.$inferSelect;
type Account = typeof accounts.$inferSelect;

/** The demo password's hash, made once: argon2 takes its time on purpose, and tests make many accounts. */
let demoPasswordHash: Promise<string> | undefined;
const hashOfDemoPassword = () => {
  demoPasswordHash ??= hashPassword(DEMO_PASSWORD);
  return demoPasswordHash;
};

function single<Row>(rows: Row[], what: string): Row {
  const [row] = rows;
  if (!row) throw new Error(`${what} not created`);
  return row;
}

/** A brand of `groupId` with every required field filled, to insert straight into the database. */
export function brandValues(groupId: number, name: string): typeof brands.$inferInsert {
  return {
    groupId,
    name,
    longitude: "101.7",
    latitude: "3.1",
    serviceTime: "08:00-22:00",
    country: "Malaysia",
    province: "Selangor",
    city: "Kuala Lumpur",
    address: "1 Jalan Ampang",
    contactPhone: "+60 3 0000 0000",
  };
}

/** The two demo vendors: Kuala Lumpur (MYR) and Bangkok (THB), both of Demo Group. */
export async function demoVendors(database: Database): Promise<{ kl: Vendor; bkk: Vendor; groupId: number }> {
  const all = await database.db.select().from(vendors);
  const kl = all.find((v) => v.name === "Demo Laundry Kuala Lumpur");
  const bkk = all.find((v) => v.name === "Demo Laundry Bangkok");
  if (!kl || !bkk || kl.groupId === null) throw new Error("demo vendors missing");
  return { kl, bkk, groupId: kl.groupId };
}

export interface OtherTenant {
  group: Group;
  /** Other Laundry (Jakarta, IDR). */
  vendor: Vendor;
  /** The vendor's main administrator (level 3). */
  vendorAdmin: Account;
  /** The group's main administrator (level 6). */
  groupAdmin: Account;
  /** The group's sub-administrator (level 7). */
  groupSub: Account;
}

/**
 * A second, unrelated group with one vendor and an account of each of its levels, all signing in with
 * the demo password: what the demo tenant must never see or touch.
 */
export async function otherTenant(database: Database): Promise<OtherTenant> {
  const { db } = database;
  const passwordHash = await hashOfDemoPassword();
  const group = single(
    await db.insert(groups).values({ name: "Other Group", address: "Elsewhere" }).returning(),
    "group",
  );
  const vendor = single(
    await db
      .insert(vendors)
      .values({ groupId: group.id, name: "Other Laundry", currency: "IDR", language: "id", timeZone: "Asia/Jakarta" })
      .returning(),
    "vendor",
  );
  const [vendorAdmin, groupAdmin, groupSub] = await db
    .insert(accounts)
    .values([
      { username: "other_vendor", nickname: "Other", level: 3, vendorId: vendor.id, passwordHash },
      { username: "other_gadmin", nickname: "Other admin", level: 6, groupId: group.id, passwordHash },
      { username: "other_gsub", nickname: "Other sub", level: 7, groupId: group.id, passwordHash },
    ])
    .returning();
  if (!vendorAdmin || !groupAdmin || !groupSub) throw new Error("accounts not created");
  return { group, vendor, vendorAdmin, groupAdmin, groupSub };
}

/**
 * A level-4 account of a vendor whose role holds exactly `permissions` (the keys §6 locks on come on
 * top at every check), signing in with the demo password.
 */
export async function vendorSubAccount(
  database: Database,
  account: { vendorId: number; username: string; permissions: readonly string[] },
): Promise<Account> {
  const { db } = database;
  const { vendorId, username, permissions } = account;
  const role = single(
    await db
      .insert(roles)
      .values({ vendorId, name: `Role ${username}`, permissions: [...permissions] })
      .returning(),
    "role",
  );
  return single(
    await db
      .insert(accounts)
      .values({
        username,
        nickname: username,
        level: 4,
        vendorId,
        roleId: role.id,
        passwordHash: await hashOfDemoPassword(),
      })
      .returning(),
    "account",
  );
}

/** A vendor's main administrator (level 3), signing in with the demo password. */
export async function vendorMainAdmin(database: Database, vendorId: number, username: string): Promise<Account> {
  return single(
    await database.db
      .insert(accounts)
      .values({ username, nickname: username, level: 3, vendorId, passwordHash: await hashOfDemoPassword() })
      .returning(),
    "account",
  );
}

/** A shop of `vendorId` with every required field filled, inserted straight into the database; answers its id. */
export async function testShop(database: Database, vendorId: number, name: string): Promise<number> {
  const [shop] = await database.db
    .insert(shops)
    .values({ vendorId, name, address: "1 Jalan Ujian", serviceType: 1 })
    .returning({ id: shops.id });
  if (!shop) throw new Error(`shop ${name} not created`);
  return shop.id;
}
