import { API } from "@washboard/shared";
import type { AppDeps, EndpointRegistrar } from "../../platform/http/endpoint.js";
import { registerMerchant } from "./register.js";

export function registrationRoutes(r: EndpointRegistrar, { db, config }: AppDeps) {
  r.handle(API.auth.register, (input, ctx) => registerMerchant(db, config, input, ctx));
}
