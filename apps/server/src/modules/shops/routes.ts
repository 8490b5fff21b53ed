import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { listShopChanges } from "./change-log.js";
import { shopOptions } from "./options.js";
import { createShop, listShops, modifyShop, removeShop } from "./service.js";

export function shopRoutes(r: Routes, { db, secrets }: AppDeps) {
  r.call(API.shops.options, (_input, ctx) => shopOptions(db, ctx.scope), { cache: "vendor" });
  r.call(API.shops.list, (input, ctx) => listShops(db, secrets, ctx.scope, input), { cache: "vendor" });
  r.call(API.shops.create, (input, ctx) => createShop(db, secrets, ctx, input));
  r.call(API.shops.modify, (input, ctx) => modifyShop(db, secrets, ctx, input));
  r.call(API.shops.remove, async (input, ctx) => {
    ctx.audit.target = `shop:${input.id}`;
    return removeShop(db, secrets, ctx, input.id);
  });
  r.call(API.shops.dbLogs, (input, ctx) => listShopChanges(db, ctx.scope, input));
}
