import { defineModule } from "../../platform/module.js";
import { roleRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const rolesModule = defineModule({ name: "roles", tables, routes: roleRoutes });
