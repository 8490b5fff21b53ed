import { defineModule } from "../../platform/module.js";
import { operationLogRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const operationLogModule = defineModule({ name: "operationLog", tables, routes: operationLogRoutes });
