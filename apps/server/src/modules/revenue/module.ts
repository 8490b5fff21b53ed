import { defineModule } from "../../platform/module.js";
import { relayRevenueChanges } from "./live-figures.js";
import * as provides from "./public.js";
import { revenueRoutes } from "./routes.js";
import * as tables from "./tables.js";

/**
 * Revenue, consumption, the data center and the dashboard's figures (spec §2 /income_report/*,
 * /datacenter, /dashboard): read from daily rollups that triggers keep with every order and refund.
 */
export const revenueModule = defineModule({
  name: "revenue",
  provides,
  tables,
  routes: revenueRoutes,
  start: relayRevenueChanges,
});
