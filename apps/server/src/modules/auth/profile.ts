import { hashPassword, verifyPassword } from "../../platform/auth/passwords.js";
import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { findAccountById, revokeAccountSessions, updateOwnProfile } from "../accounts/public.js";

/**
 * Own nickname and password (spec §5): the current password is always required; a new password
 * ends every other session of the account.
 */
export async function modifyOwnProfile(
  db: Db,
  ctx: SignedInContext,
  input: { nickname?: string | undefined; old_pwd: string; new_pwd?: string | undefined },
): Promise<{ nickname: string; password_changed: boolean }> {
  const account = await findAccountById(db, ctx.actor.accountId);
  if (!account) throw new AppError("UNAUTHORIZED");
  ctx.audit.target = `account:${account.username}`;
  if (!(await verifyPassword(account.passwordHash, input.old_pwd))) {
    throw new AppError("OLD_PASSWORD_WRONG", { field: "old_pwd" });
  }
  const nickname = input.nickname ?? account.nickname;
  const newPassword = input.new_pwd ? input.new_pwd : undefined;
  await updateOwnProfile(db, account.id, {
    nickname,
    passwordHash: newPassword ? await hashPassword(newPassword) : undefined,
  });
  if (newPassword) await revokeAccountSessions(db, account.id, ctx.actor.sessionId);
  return { nickname, password_changed: newPassword !== undefined };
}
