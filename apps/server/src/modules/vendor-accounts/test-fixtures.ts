import { hashPassword } from "../../platform/auth/passwords.js";
import type { Database } from "../../platform/db/client.js";
import { DEMO_PASSWORD } from "../../seed/demo.js";
import { accounts } from "../accounts/tables.js";
import { groups, vendors } from "../tenancy/tables.js";

/** Another group with one vendor, its main administrator (level 3), and a group sub-administrator (level 7). */
export async function otherGroup(database: Database) {
  const { db } = database;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const [group] = await db.insert(groups).values({ name: "Other Group", address: "Elsewhere" }).returning();
  if (!group) throw new Error("group not created");
  const [vendor] = await db
    .insert(vendors)
    .values({ groupId: group.id, name: "Other Laundry", currency: "IDR", language: "id", timeZone: "Asia/Jakarta" })
    .returning();
  if (!vendor) throw new Error("vendor not created");
  const [admin, sub, owner] = await db
    .insert(accounts)
    .values([
      { username: "other_vendor", nickname: "Other", level: 3, vendorId: vendor.id, passwordHash },
      { username: "other_gsub", nickname: "Other sub", level: 7, groupId: group.id, passwordHash },
      { username: "other_gadmin", nickname: "Other admin", level: 6, groupId: group.id, passwordHash },
    ])
    .returning();
  if (!admin || !sub || !owner) throw new Error("accounts not created");
  return { group, vendor, vendorAdmin: admin, groupSub: sub, groupAdmin: owner };
}
