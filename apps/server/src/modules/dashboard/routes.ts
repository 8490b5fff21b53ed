import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { dashboardSummary } from "./summary.js";

export function dashboardRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.dashboard.summary, (_input, ctx) => dashboardSummary(db, signedIn(ctx)));
}
