import { defineModule } from "../../platform/module.js";
import { seedDemoPrices } from "./demo-prices.js";
import * as provides from "./public.js";
import { subscriptionRoutes } from "./routes.js";
import * as tables from "./tables.js";

/**
 * Device subscriptions (spec §2 /subscribe/*, §7 "Data charge v3"): renewal orders of a vendor's
 * machines, paid to the platform with PayPal, extending each machine's end date exactly once
 * (docs/subscriptions-design.md). The end dates themselves are the devices module's.
 */
export const subscriptionsModule = defineModule({
  name: "subscriptions",
  provides,
  tables,
  routes: subscriptionRoutes,
  seedDemo: (db) => seedDemoPrices(db),
});
