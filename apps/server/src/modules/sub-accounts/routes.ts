import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  assignableShops,
  createSubAccount,
  listSubAccounts,
  modifySubAccount,
  removeSubAccount,
  subAccountPermissions,
} from "./service.js";

export function subAccountRoutes(r: Routes, { db, live }: AppDeps) {
  r.call(API.subAccounts.list, (input, ctx) => listSubAccounts(db, ctx, input));
  r.call(API.subAccounts.create, (input, ctx) => createSubAccount(db, ctx, input));
  r.call(API.subAccounts.modify, (input, ctx) => modifySubAccount(db, live, ctx, input));
  r.call(API.subAccounts.remove, (input, ctx) => removeSubAccount(db, live, ctx, input.id));
  r.call(API.subAccounts.shops, (_input, ctx) => assignableShops(db, ctx));
  r.call(API.subAccounts.permissions, (input, ctx) => subAccountPermissions(db, ctx, input.id));
}
