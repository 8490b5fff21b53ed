import { defineModule } from "../../platform/module.js";
import { locationRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const locationsModule = defineModule({ name: "locations", tables, routes: locationRoutes });
