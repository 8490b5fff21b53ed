import { defineModule } from "../../platform/module.js";
import { shopRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const shopsModule = defineModule({
  name: "shops",
  tables,
  routes: shopRoutes,
});
