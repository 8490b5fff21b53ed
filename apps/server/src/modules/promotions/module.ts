import { defineModule } from "../../platform/module.js";
import * as provides from "./public.js";
import { promotionRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const promotionsModule = defineModule({
  name: "promotions",
  provides,
  tables,
  routes: promotionRoutes,
});
