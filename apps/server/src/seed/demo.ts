import { createRoleRequest } from "@washboard/shared";
import { insertAccount, type NewAccountRow } from "../modules/accounts/public.js";
import { createRole } from "../modules/roles/public.js";
import { claimSystemConfig, systemConfigValue } from "../modules/system-config/public.js";
import { insertGroup, insertVendor } from "../modules/tenancy/public.js";
import { hashPassword } from "../platform/auth/passwords.js";
import type { Db } from "../platform/db/client.js";
import { vendorAdminContext } from "./vendor-context.js";

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

/**
 * Seeds the demo tenant once, through the tenancy, roles and accounts modules; later runs find the
 * marker and do nothing. One transaction: the tenant is there whole or not at all.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, SEED_MARKER, "1"))) return false;
    // The site's settings, where none is set yet.
    for (const [name, value] of Object.entries({ sitename: "Washboard", website: "", favicon: "" })) {
      await claimSystemConfig(tx, name, value);
    }

    const group = await insertGroup(tx, {
      name: "Demo Group",
      address: "1 Harbour Road, Singapore",
      cAppId: "demo-c-app",
      bAppId: "demo-b-app",
    });
    const kl = await insertVendor(tx, {
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
    });
    const bkk = await insertVendor(tx, {
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
    });
    // As the vendor's administrator makes it on the roles screen.
    const supervisor = await createRole(
      tx,
      vendorAdminContext(kl),
      createRoleRequest.parse({
        name: "Shop supervisor",
        description: "Runs shops and devices, reads shop revenue; no account settings",
        permissions: ["console", "shop_query", "shop_add", "shop_modify", "dev_query", "dev_control", "reve_shop"],
      }),
    );

    // One hash serves every demo login: they share the published password.
    const logins: Omit<NewAccountRow, "passwordHash">[] = [
      { username: "group_admin", nickname: "Grace (group)", level: 6, groupId: group.id, email: "grace@demo.test" },
      { username: "group_sub", nickname: "Gus (group)", level: 7, groupId: group.id, email: "gus@demo.test" },
      { username: "vendor_admin", nickname: "Vera (KL)", level: 3, vendorId: kl.id, email: "vera@demo.test" },
      {
        username: "vendor_sub",
        nickname: "Victor (KL)",
        level: 4,
        vendorId: kl.id,
        roleId: supervisor.id,
        email: "victor@demo.test",
      },
      { username: "vendor2_admin", nickname: "Somchai (BKK)", level: 3, vendorId: bkk.id, email: "somchai@demo.test" },
      { username: "system_sub", nickname: "Sam (system)", level: 2, email: "sam@demo.test" },
    ];
    for (const login of logins) await insertAccount(tx, { ...login, passwordHash });
    return true;
  });
}

export async function isSeeded(db: Db): Promise<boolean> {
  return (await systemConfigValue(db, SEED_MARKER)) !== "";
}
