import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { createRole, listRoles, modifyRole, removeRole } from "./service.js";

export function roleRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.roles.list, (input, ctx) => listRoles(db, ctx, input));
  r.call(API.roles.create, (input, ctx) => createRole(db, ctx, input));
  r.call(API.roles.modify, (input, ctx) => modifyRole(db, ctx, input));
  r.call(API.roles.remove, (input, ctx) => removeRole(db, ctx, input.id));
}
