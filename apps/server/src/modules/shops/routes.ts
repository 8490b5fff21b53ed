import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { shopOptions } from "./options.js";
import { createShop, listShops, modifyShop, removeShop } from "./service.js";

export function shopRoutes(r: EndpointRegistrar, { db, secrets }: AppDeps) {
  r.handle(API.shop.options, (_input, ctx) => shopOptions(db, signedIn(ctx).scope));
  r.handle(API.shop.list, (input, ctx) => listShops(db, secrets, signedIn(ctx).scope, input));
  r.handle(API.shop.create, (input, ctx) => createShop(db, secrets, signedIn(ctx), input));
  r.handle(API.shop.modify, (input, ctx) => modifyShop(db, secrets, signedIn(ctx), input));
  r.handle(API.shop.remove, async (input, ctx) => {
    ctx.audit.target = `shop:${input.id}`;
    return removeShop(db, secrets, signedIn(ctx).scope, input.id);
  });
}
