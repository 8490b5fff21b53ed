import { defineModule } from "../../platform/module.js";
import { locationShopCount } from "./ports.js";
import * as provides from "./public.js";
import { locationRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const locationsModule = defineModule({
  name: "locations",
  provides,
  consumes: [locationShopCount],
  tables,
  routes: locationRoutes,
});
