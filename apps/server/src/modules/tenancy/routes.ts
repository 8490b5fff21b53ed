import { API } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { scopedVendor, toVendorSummary, vendorsOfGroup } from "./queries.js";
import { customizationOf, routesMapOf } from "./variants.js";

export function tenancyRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.tenancy.listByGroup, async (input, ctx) => {
    const { actor } = ctx;
    // A group account sees its own group only; asking for another answers "not found".
    if (actor.groupId === null || (input.group_id !== undefined && input.group_id !== actor.groupId)) {
      throw new AppError("NOT_FOUND");
    }
    const rows = await vendorsOfGroup(db, actor.groupId);
    return { vendor_list: rows.map(toVendorSummary) };
  });

  // Not kept (cache: "vendor"): the session's statement already read the vendor's row, so the answer
  // costs no query, and checking a kept one would cost the version read (bench/api-throughput.mjs).
  r.call(API.tenancy.current, async (_input, ctx) => toVendorSummary(await scopedVendor(db, ctx.scope)));

  // Levels 6/7 ask about the vendor they chose; without one, "not found".
  r.call(API.tenancy.customization, async (_input, ctx) => customizationOf(await scopedVendor(db, ctx.scope)));
  r.call(API.tenancy.routesMap, async (_input, ctx) => routesMapOf(await scopedVendor(db, ctx.scope)));
}
