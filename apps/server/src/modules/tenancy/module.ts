import { defineModule } from "../../platform/module.js";
import { tenancyRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const tenancyModule = defineModule({
  name: "tenancy",
  tables,
  routes: tenancyRoutes,
});
