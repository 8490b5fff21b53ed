import { defineModule } from "../../platform/module.js";
import { systemConfigRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const systemConfigModule = defineModule({ name: "systemConfig", tables, routes: systemConfigRoutes });
