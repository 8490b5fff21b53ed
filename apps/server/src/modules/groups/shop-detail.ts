import { isGroupLevel, type ShopGroupDetail } from "@washboard/shared";
import type { Db } from "../../platform/db/client.js";
import { scalars } from "../../platform/db/related.js";
import type { SignedInContext } from "../../platform/http/context.js";
import { allianceCountOfGroup } from "../alliances/public.js";
import { brandCountOfGroup } from "../brands/public.js";
import { groupSummaryOf, scopedVendor } from "../tenancy/public.js";

/**
 * Shop/get_group_detail: the signed-in account's own group — a group account's, or its vendor's for
 * levels 3/4 (whose row came with the session) — with its brands and its merchants' alliances
 * counted, in one statement. A merchant that registered on its own has none: `group: null`.
 */
export async function shopGroupDetail(db: Db, ctx: SignedInContext): Promise<ShopGroupDetail> {
  const groupId = isGroupLevel(ctx.actor.level) ? ctx.actor.groupId : (await scopedVendor(db, ctx.scope)).groupId;
  if (groupId === null) return { group: null };
  const { group, brand_count, alliance_count } = await scalars(db, {
    group: groupSummaryOf(groupId),
    brand_count: brandCountOfGroup(groupId),
    alliance_count: allianceCountOfGroup(groupId),
  });
  return { group: group && { ...group, brand_count, alliance_count } };
}
