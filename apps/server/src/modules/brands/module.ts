import { defineModule } from "../../platform/module.js";
import { brandShopCount } from "./ports.js";
import * as provides from "./public.js";
import { brandRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const brandsModule = defineModule({
  name: "brands",
  provides,
  consumes: [brandShopCount],
  tables,
  routes: brandRoutes,
});
