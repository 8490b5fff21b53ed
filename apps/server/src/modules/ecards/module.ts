import { defineModule } from "../../platform/module.js";
import { ecardRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const ecardsModule = defineModule({ name: "ecards", tables, routes: ecardRoutes });
