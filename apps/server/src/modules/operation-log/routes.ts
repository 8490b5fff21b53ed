import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { listOperationLog } from "./list.js";

export function operationLogRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.log.list, (input, ctx) => listOperationLog(db, signedIn(ctx).scope, input));
}
