import { defineModule } from "../../platform/module.js";
import { seedDemoShops } from "../../seed/demo-shops.js";
import { shopRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const shopsModule = defineModule({
  name: "shops",
  tables,
  routes: shopRoutes,
  seedDemo: async (db, { tenantOnly, files }) => !tenantOnly && (await seedDemoShops(db, files)),
});
