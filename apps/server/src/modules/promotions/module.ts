import { defineModule } from "../../platform/module.js";
import { promotionGiftCounters } from "./gifts.js";
import * as provides from "./public.js";
import { promotionRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const promotionsModule = defineModule({
  name: "promotions",
  provides,
  consumes: [promotionGiftCounters],
  tables,
  routes: promotionRoutes,
});
