import { defineModule } from "../../platform/module.js";
import { ecardAllianceCount } from "./ports.js";
import * as provides from "./public.js";
import { ecardRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const ecardsModule = defineModule({
  name: "ecards",
  provides,
  consumes: [ecardAllianceCount],
  tables,
  routes: ecardRoutes,
});
