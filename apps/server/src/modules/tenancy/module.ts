import { defineModule } from "../../platform/module.js";
import * as provides from "./public.js";
import { tenancyRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const tenancyModule = defineModule({
  name: "tenancy",
  provides,
  tables,
  routes: tenancyRoutes,
});
