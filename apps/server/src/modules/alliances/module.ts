import { defineModule } from "../../platform/module.js";
import { allianceRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const alliancesModule = defineModule({ name: "alliances", tables, routes: allianceRoutes });
