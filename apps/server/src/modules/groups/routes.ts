import { API, type GroupProfile } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { findGroup, type GroupRow, updateGroup } from "../tenancy/public.js";
import { shopGroupDetail } from "./shop-detail.js";

const toProfile = (g: GroupRow): GroupProfile => ({
  id: g.id,
  name: g.name,
  address: g.address,
  c_app_id: g.cAppId,
  b_app_id: g.bAppId,
});

/** /group/index: the signed-in account's own group; there is no way to name another. */
export function groupRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.groups.profile, async (_input, ctx) => {
    const group = await findGroup(db, ctx.actor.groupId);
    if (!group) throw new AppError("NOT_FOUND");
    return toProfile(group);
  });

  r.call(API.groups.shopDetail, (_input, ctx) => shopGroupDetail(db, ctx));

  r.call(API.groups.modifyProfile, async (input, ctx) => {
    const { actor } = ctx;
    if (actor.groupId === null) throw new AppError("NOT_FOUND");
    ctx.audit.target = `group:${actor.groupId}`;
    ctx.audit.vendorId = null;
    const row = await updateGroup(db, actor.groupId, {
      name: input.name,
      address: input.address,
      cAppId: input.c_app_id,
      bAppId: input.b_app_id,
    });
    if (!row) throw new AppError("NOT_FOUND");
    return toProfile(row);
  });
}
