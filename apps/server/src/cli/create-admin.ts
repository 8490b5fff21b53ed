import { accountPassword, LEVEL, LOGIN_FIELD_RULES } from "@washboard/shared";
import { findAccountByUsername, insertAccount } from "../modules/accounts/public.js";
import { insertGroup } from "../modules/tenancy/public.js";
import { hashPassword } from "../platform/auth/passwords.js";
import type { Db } from "../platform/db/client.js";
import { DEMO_LOGINS, DEMO_PASSWORD } from "../seed/demo.js";

export interface NewAdministrator {
  username: string;
  password: string;
  /** The organization's name: the group the administrator runs. */
  group: string;
  nickname?: string | undefined;
  email?: string | undefined;
}

/** A refusal of create-admin: the CLI prints its message and exits 1. */
export class CreateAdminRefused extends Error {}

/**
 * `cli create-admin`: the first administrator of an install — a group (the organization) and its
 * main administrator, level 6, the top account this console signs in (spec §3: levels 3, 4, 6, 7;
 * the platform's own administrator, level 1, belongs to the admin portal). That administrator then
 * adds the merchants and their accounts in the console. The username and password follow the
 * console's own rules; the demo's usernames and password are refused, as a production start
 * refuses them.
 */
export async function createAdministrator(db: Db, input: NewAdministrator) {
  const username = input.username.trim();
  const group = input.group.trim();
  if (!LOGIN_FIELD_RULES.login.pattern.test(username)) {
    throw new CreateAdminRefused("The username must be 4 to 20 letters, digits or '_'.");
  }
  if (DEMO_LOGINS.some((login) => login.username === username.toLowerCase())) {
    throw new CreateAdminRefused(`${username} is one of the demo's published logins: choose another username.`);
  }
  if (!accountPassword.safeParse(input.password).success) {
    throw new CreateAdminRefused("The password must be 6 to 16 characters without spaces.");
  }
  if (input.password === DEMO_PASSWORD) {
    throw new CreateAdminRefused("That is the demo's published password: choose another.");
  }
  if (group === "" || group.length > 128) throw new CreateAdminRefused("The group name must be 1 to 128 characters.");
  const nickname = (input.nickname ?? username).trim().slice(0, 20) || username;
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (await findAccountByUsername(tx, username)) {
      throw new CreateAdminRefused(`An account named ${username} exists already.`);
    }
    const created = await insertGroup(tx, { name: group });
    const account = await insertAccount(tx, {
      username,
      nickname,
      email: input.email?.trim() ?? "",
      level: LEVEL.GROUP_ADMIN,
      groupId: created.id,
      passwordHash,
    });
    return { accountId: account.id, username, groupId: created.id, group: created.name };
  });
}
