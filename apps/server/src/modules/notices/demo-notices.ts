import type { Db } from "../../platform/db/client.js";
import { claimSystemConfig } from "../system-config/public.js";
import { vendorsNamed } from "../tenancy/public.js";
import { insertNotice } from "./notices.js";

const MARKER = "seed.demo.notices";

/**
 * The demo's two notices, once: one to everyone, one to the demo vendors' group (Demo Group). A notice
 * the platform published since, or one an operator read, is never touched again.
 */
export async function seedDemoNotices(db: Db, demoVendorNames: readonly string[]): Promise<boolean> {
  const [vendor] = await vendorsNamed(db, demoVendorNames);
  const groupId = vendor?.groupId ?? null;
  return db.transaction(async (tx) => {
    if (!(await claimSystemConfig(tx, MARKER, "1"))) return false;
    await insertNotice(tx, {
      title: "Welcome to Washboard",
      body: "Notices from the platform appear here: planned maintenance, new features and changes to the service. The bell at the top shows how many you have not read yet.",
      groupId: null,
      vendorId: null,
    });
    if (groupId !== null) {
      await insertNotice(tx, {
        title: "Maintenance window for Demo Group",
        body: "The payment gateway of Demo Group's shops will be upgraded on Sunday between 02:00 and 03:00 (each shop's local time). Machines keep running; card and QR payments may be refused for a few minutes.",
        groupId,
        vendorId: null,
      });
    }
    return true;
  });
}
