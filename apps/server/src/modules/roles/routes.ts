import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { createRole, listRoles, modifyRole, removeRole } from "./service.js";

export function roleRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.role.list, (input, ctx) => listRoles(db, signedIn(ctx), input));
  r.handle(API.role.create, (input, ctx) => createRole(db, signedIn(ctx), input));
  r.handle(API.role.modify, (input, ctx) => modifyRole(db, signedIn(ctx), input));
  r.handle(API.role.remove, (input, ctx) => removeRole(db, signedIn(ctx), input.id));
}
