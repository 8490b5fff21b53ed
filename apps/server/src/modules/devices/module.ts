import { defineModule } from "../../platform/module.js";
import { seedDemoFleet } from "../../seed/demo-fleet.js";
import { deviceRoutes } from "./routes.js";
import { deviceRuntime } from "./runtime.js";
import * as tables from "./tables.js";

/**
 * Devices: the register, the MQTT gateway (with the embedded broker when there is no MQTT_URL), the
 * shadows and the command lifecycle. `start` connects to the broker; stopping disconnects, writes
 * what is batched and closes the embedded broker.
 */
export const devicesModule = defineModule({
  name: "devices",
  tables,
  routes: deviceRoutes,
  start: (deps) => deviceRuntime(deps).start(),
  seedDemo: (db, { tenantOnly, secretKey }) => (tenantOnly ? Promise.resolve(false) : seedDemoFleet(db, secretKey)),
});
