import type { AccountInfo } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { toSeconds } from "../../platform/db/columns.js";
import { AppError } from "../../platform/http/app-error.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { findGroup, scopedVendor, type VendorRow, vendorsOfGroup } from "../tenancy/public.js";
import { findAccountById } from "./queries.js";

/** Used when a group has no vendor yet: nothing to take a currency or time zone from. */
const NEUTRAL = { currency: "USD", timeZone: "UTC", language: "en", hideSymbol: false };

/** The account, its vendor or group, and the common_info (currency, hide_symbol) of spec §7. */
export async function getAccountInfo(db: Db, ctx: SignedInContext): Promise<AccountInfo> {
  const account = await findAccountById(db, ctx.actor.accountId);
  if (!account) throw new AppError("UNAUTHORIZED");
  let vendor: VendorRow | undefined;
  if (ctx.scope.vendorId !== null) vendor = await scopedVendor(db, ctx.scope);
  else if (ctx.scope.groupId !== null) vendor = (await vendorsOfGroup(db, ctx.scope.groupId))[0];
  const group = await findGroup(db, ctx.scope.groupId);
  const money = vendor ?? NEUTRAL;
  return {
    account: {
      id: account.id,
      username: account.username,
      nickname: account.nickname,
      email: account.email,
      level: account.level,
      last_login_at: toSeconds(account.previousLoginAt),
      last_login_ip: account.previousLoginIp,
    },
    vendor: vendor && ctx.scope.vendorId !== null ? { id: vendor.id, name: vendor.name } : null,
    group: group ? { id: group.id, name: group.name } : null,
    common_info: {
      currency: money.currency,
      hide_symbol: money.hideSymbol ? "1" : "0",
      time_zone: money.timeZone,
      language: money.language,
    },
  };
}
