import { eq } from "drizzle-orm";
import { accounts } from "../modules/accounts/tables.js";
import { roles } from "../modules/roles/tables.js";
import { systemConfig } from "../modules/system-config/tables.js";
import { groups, vendors } from "../modules/tenancy/tables.js";
import { hashPassword } from "../platform/auth/passwords.js";
import type { Db } from "../platform/db/client.js";

export const DEMO_PASSWORD = "demo1234";

/** The demo logins README.md lists. */
export const DEMO_LOGINS = [
  { username: "group_admin", level: 6, note: "group main administrator of Demo Group" },
  { username: "group_sub", level: 7, note: "group sub-administrator of Demo Group" },
  { username: "vendor_admin", level: 3, note: "merchant main administrator, Demo Laundry Kuala Lumpur (MYR)" },
  { username: "vendor_sub", level: 4, note: "merchant sub-administrator with the Shop supervisor role" },
  { username: "vendor2_admin", level: 3, note: "merchant main administrator, Demo Laundry Bangkok (THB)" },
  { username: "system_sub", level: 2, note: "system sub-administrator: refused by this console" },
] as const;

const SEED_MARKER = "seed.demo";

/** The demo tenant's two vendors (Kuala Lumpur, MYR; Bangkok, THB). */
export const DEMO_VENDOR_NAMES = ["Demo Laundry Kuala Lumpur", "Demo Laundry Bangkok"] as const;

/** Seeds the demo tenant once; later runs find the marker and do nothing. */
export async function seedDemo(db: Db): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemConfig)
      .values({ name: SEED_MARKER, value: "1" })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return false;

    await tx
      .insert(systemConfig)
      .values([
        { name: "sitename", value: "Washboard" },
        { name: "website", value: "" },
        { name: "favicon", value: "" },
      ])
      .onConflictDoNothing();

    const [group] = await tx
      .insert(groups)
      .values({ name: "Demo Group", address: "1 Harbour Road, Singapore", cAppId: "demo-c-app", bAppId: "demo-b-app" })
      .returning();
    if (!group) throw new Error("seed: group not created");
    const [kl, bkk] = await tx
      .insert(vendors)
      .values([
        {
          groupId: group.id,
          name: DEMO_VENDOR_NAMES[0],
          currency: "MYR",
          language: "en",
          timeZone: "Asia/Kuala_Lumpur",
          realName: "Nurul Aisyah binti Ahmad",
          idNumber: "201901012345 (1312345-K)",
          phone: "+60 3-2201 8840",
          homePage: "https://bubbles-laundry.example",
          settlementCycleDays: 7,
          feeRateCoins: "0.02",
          feeRateNoCoins: "0.03",
          // RM 1.00, in sen.
          coinDenomination: 100,
          paymentMethods: ["coin", "member_account", "member_card", "razer", "stripe", "paypal", "fomo"],
          // The sandbox lets a visitor pay a demo QR code and watch the machine start (demo only).
          enabledProviders: ["razer", "stripe", "paypal", "fomo", "sandbox"],
        },
        {
          groupId: group.id,
          name: DEMO_VENDOR_NAMES[1],
          currency: "THB",
          language: "th-th",
          timeZone: "Asia/Bangkok",
          realName: "Somchai Wongsakul",
          idNumber: "0105561234567",
          phone: "+66 2-258 4412",
          homePage: "https://saksaat-laundry.example",
          settlementCycleDays: 15,
          feeRateCoins: "0.03",
          feeRateNoCoins: "0.04",
          // 10 baht: THB has no minor unit.
          coinDenomination: 10,
          paymentMethods: ["coin", "member_card", "gbprimepay", "linepay"],
          enabledProviders: ["gbprimepay", "linepay", "sandbox"],
        },
      ])
      .returning();
    if (!kl || !bkk) throw new Error("seed: vendors not created");
    const [supervisor] = await tx
      .insert(roles)
      .values({
        vendorId: kl.id,
        name: "Shop supervisor",
        description: "Runs shops and devices, reads shop revenue; no account settings",
        permissions: ["console", "shop_query", "shop_add", "shop_modify", "dev_query", "dev_control", "reve_shop"],
      })
      .returning();
    if (!supervisor) throw new Error("seed: role not created");

    await tx.insert(accounts).values([
      {
        username: "group_admin",
        nickname: "Grace (group)",
        level: 6,
        groupId: group.id,
        passwordHash,
        email: "grace@demo.test",
      },
      {
        username: "group_sub",
        nickname: "Gus (group)",
        level: 7,
        groupId: group.id,
        passwordHash,
        email: "gus@demo.test",
      },
      {
        username: "vendor_admin",
        nickname: "Vera (KL)",
        level: 3,
        vendorId: kl.id,
        passwordHash,
        email: "vera@demo.test",
      },
      {
        username: "vendor_sub",
        nickname: "Victor (KL)",
        level: 4,
        vendorId: kl.id,
        roleId: supervisor.id,
        passwordHash,
        email: "victor@demo.test",
      },
      {
        username: "vendor2_admin",
        nickname: "Somchai (BKK)",
        level: 3,
        vendorId: bkk.id,
        passwordHash,
        email: "somchai@demo.test",
      },
      { username: "system_sub", nickname: "Sam (system)", level: 2, passwordHash, email: "sam@demo.test" },
    ]);
    return true;
  });
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db.select().from(systemConfig).where(eq(systemConfig.name, SEED_MARKER));
  return rows.length > 0;
}
