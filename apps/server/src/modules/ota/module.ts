import { defineModule } from "../../platform/module.js";
import { otaRoutes } from "./routes.js";
import * as tables from "./tables.js";

/**
 * Firmware over the air (spec §2 /ota/index): the vendor's firmware packages and the version
 * analysis of its machines; docs/ota-design.md has the plan the rollouts follow.
 */
export const otaModule = defineModule({
  name: "ota",
  tables,
  routes: otaRoutes,
});
