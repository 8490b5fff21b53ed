import type { AccountInfo } from "@washboard/shared";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { type GroupMoney, groupMoneyOf, groupNameOf, scopedVendor } from "../tenancy/public.js";
import { accounts } from "./tables.js";

/** Used when a group has no vendor yet: nothing to take a currency or time zone from. */
const NEUTRAL = { currency: "USD", timeZone: "UTC", language: "en", hideSymbol: false };

/**
 * The account, its vendor or group, and the common_info (currency, hide_symbol) of spec §7: the
 * scope's vendor came with the session; the account, its group's name and, for a group acting on
 * none of its vendors, the first vendor's money settings are one statement.
 */
export async function getAccountInfo(db: Db, ctx: SignedInContext): Promise<AccountInfo> {
  return (await accountInfoWith(db, ctx, {})).info;
}

/**
 * The account info with `more`: figures of other modules read in the same statement (the
 * dashboard's summary), answered by name.
 */
export async function accountInfoWith<More extends Record<string, unknown>>(
  db: Db,
  ctx: SignedInContext,
  more: { [K in keyof More]: SQL<More[K]> },
): Promise<{ info: AccountInfo; more: More }> {
  const { groupId, vendorId } = ctx.scope;
  const vendor = vendorId !== null ? await scopedVendor(db, ctx.scope) : undefined;
  const [account] = await db
    .select({
      id: accounts.id,
      username: accounts.username,
      nickname: accounts.nickname,
      email: accounts.email,
      level: accounts.level,
      previousLoginAt: accounts.previousLoginAt,
      previousLoginIp: accounts.previousLoginIp,
      groupName: groupId === null ? sql<string | null>`null` : groupNameOf(groupId),
      groupMoney: groupId === null || vendor ? sql<GroupMoney | null>`null` : groupMoneyOf(groupId),
      more: sql<More>`json_build_object(${sql.join(
        Object.entries(more as Record<string, SQL>).map(([name, value]) => sql`${name}::text, ${value}`),
        sql`, `,
      )})`,
    })
    .from(accounts)
    .where(eq(accounts.id, ctx.actor.accountId));
  if (!account) throw new AppError("UNAUTHORIZED");
  const money = vendor
    ? vendor
    : account.groupMoney
      ? {
          currency: account.groupMoney.currency,
          timeZone: account.groupMoney.time_zone,
          language: account.groupMoney.language,
          hideSymbol: account.groupMoney.hide_symbol,
        }
      : NEUTRAL;
  const info: AccountInfo = {
    account: {
      id: account.id,
      username: account.username,
      nickname: account.nickname,
      email: account.email,
      level: account.level,
      last_login_at: toSeconds(account.previousLoginAt),
      last_login_ip: account.previousLoginIp,
    },
    vendor: vendor ? { id: vendor.id, name: vendor.name } : null,
    group: groupId !== null && account.groupName !== null ? { id: groupId, name: account.groupName } : null,
    common_info: {
      currency: money.currency,
      hide_symbol: money.hideSymbol ? "1" : "0",
      time_zone: money.timeZone,
      language: money.language,
    },
  };
  return { info, more: account.more };
}
