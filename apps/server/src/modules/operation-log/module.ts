import { defineModule } from "../../platform/module.js";
import { seedDemoOperations } from "./demo-operations.js";
import * as provides from "./public.js";
import { operationLogRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const operationLogModule = defineModule({
  name: "operationLog",
  provides,
  tables,
  routes: operationLogRoutes,
  // The demo's recent operations name records the other demo seeds make: demo-seed.ts runs it last.
  seedDemo: (db, { tenantOnly, demoVendorNames }) =>
    tenantOnly ? Promise.resolve(false) : seedDemoOperations(db, demoVendorNames),
});
