import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { shopOptions } from "./options.js";

export function shopRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.shop.options, (_input, ctx) => shopOptions(db, signedIn(ctx).scope));
}
