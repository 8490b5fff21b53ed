import { API } from "@washboard/shared";
import type { AppDeps, EndpointRegistrar } from "../../platform/http/endpoint.js";
import { deviceStatusCounts } from "./status-counts.js";

export function deviceRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.device.statusCounts, (_input, ctx) => deviceStatusCounts(db, ctx.scope));
}
