import { defineModule } from "../../platform/module.js";
import { roleHolderCount } from "./ports.js";
import * as provides from "./public.js";
import { roleRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const rolesModule = defineModule({
  name: "roles",
  provides,
  consumes: [roleHolderCount],
  tables,
  routes: roleRoutes,
});
