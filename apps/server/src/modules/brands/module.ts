import { defineModule } from "../../platform/module.js";
import { brandRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const brandsModule = defineModule({ name: "brands", tables, routes: brandRoutes });
