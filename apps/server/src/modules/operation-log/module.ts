import { defineModule } from "../../platform/module.js";
import * as provides from "./public.js";
import { operationLogRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const operationLogModule = defineModule({ name: "operationLog", provides, tables, routes: operationLogRoutes });
