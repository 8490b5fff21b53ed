import { isConsoleLevel, type LoginResult } from "@washboard/shared";
import { verifyAgainstNothing, verifyPassword } from "../../platform/auth/passwords.js";
import type { Config } from "../../platform/config.js";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { RequestContext } from "../../platform/http/context.js";
import {
  ACCOUNT_STATUS,
  type AccountRow,
  checkSignIn,
  createSession,
  findAccountByUsername,
  recordSignIn,
} from "../accounts/public.js";

/** Opens a session for an account that has proven who it is. */
export async function startSession(
  db: Db,
  config: Config,
  account: AccountRow,
  ctx: RequestContext,
): Promise<LoginResult> {
  const { token, expiresAt } = await createSession(db, config, account.id, ctx);
  await recordSignIn(db, account, ctx.ip);
  return {
    token,
    level: account.level,
    vendor_id: account.vendorId,
    group_id: account.groupId,
    username: account.username,
    name: account.nickname,
    avatar: account.avatar,
    roles: [String(account.level)],
    expires_at: toSeconds(expiresAt),
  };
}

/**
 * Spec §5/§8 sign-in. One generic failure for an unknown user or a wrong password; the level and
 * status refusals are told only to someone who knows the password.
 */
export async function login(
  db: Db,
  config: Config,
  input: { login: string; password: string },
  ctx: RequestContext,
): Promise<LoginResult> {
  const username = input.login.toLowerCase();
  ctx.audit.actorName = input.login;
  ctx.audit.target = `account:${input.login}`;
  let account: AccountRow | undefined;
  const valid = await checkSignIn(db, config, username, ctx.ip, async (tx) => {
    account = await findAccountByUsername(tx, username);
    return account
      ? verifyPassword(account.passwordHash, input.password)
      : verifyAgainstNothing(input.password).then(() => false);
  });
  if (!account || !valid) throw new AppError("LOGIN_FAILED");
  ctx.audit.accountId = account.id;
  ctx.audit.groupId = account.groupId;
  ctx.audit.vendorId = account.vendorId;
  if (!isConsoleLevel(account.level)) throw new AppError("ACCOUNT_NO_PERMISSION");
  if (account.status !== ACCOUNT_STATUS.enabled) throw new AppError("ACCOUNT_DISABLED");

  return startSession(db, config, account, ctx);
}
