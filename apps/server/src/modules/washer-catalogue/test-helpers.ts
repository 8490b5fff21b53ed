import { hashPassword } from "../../platform/auth/passwords.js";
import { DEMO_PASSWORD } from "../../seed/demo.js";
import type { TestServer } from "../../test/harness.js";
import { accounts, roles } from "../accounts/tables.js";

/**
 * A level-4 account of the vendor whose role grants no key: it holds only the locked ones of §6,
 * dev_query among them, so it reads device screens but may not change anything there.
 */
export async function viewerAccount(server: TestServer, vendorId: number, username: string): Promise<string> {
  const { db } = server.database;
  const [role] = await db
    .insert(roles)
    .values({ vendorId, name: `Viewer ${username}`, permissions: [] })
    .returning();
  await db.insert(accounts).values({
    username,
    nickname: "Viewer",
    level: 4,
    vendorId,
    roleId: role?.id,
    passwordHash: await hashPassword(DEMO_PASSWORD),
  });
  return server.login(username);
}
