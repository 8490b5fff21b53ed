import { defineModule } from "../../platform/module.js";
import { deviceRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const devicesModule = defineModule({ name: "devices", tables, routes: deviceRoutes });
