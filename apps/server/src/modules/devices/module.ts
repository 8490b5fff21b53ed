import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { shopDeviceCount } from "../shops/public.js";
import { remoteCardCredit } from "./commands/remote-cards.js";
import { deviceSales, priceTemplateFacts } from "./ports.js";
import * as provides from "./public.js";
import { deviceCountOfShop } from "./queries.js";
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
  provides,
  consumes: [remoteCardCredit, deviceSales, priceTemplateFacts],
  fills: [fill(shopDeviceCount, deviceCountOfShop)],
  tables,
  routes: deviceRoutes,
  start: (deps) => deviceRuntime(deps).start(),
});
