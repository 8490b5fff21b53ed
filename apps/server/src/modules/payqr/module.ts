import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { shopPayQrCount } from "../shops/public.js";
import * as provides from "./public.js";
import { payqrCountOfShop } from "./queries.js";
import { payQrRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const payqrModule = defineModule({
  name: "payqr",
  provides,
  fills: [fill(shopPayQrCount, payqrCountOfShop)],
  tables,
  routes: payQrRoutes,
});
