import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { listOperationLog } from "./list.js";

export function operationLogRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.operationLog.list, (input, ctx) => listOperationLog(db, ctx.scope, input));
}
