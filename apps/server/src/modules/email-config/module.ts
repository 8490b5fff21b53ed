import { defineModule } from "../../platform/module.js";
import { emailConfigRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const emailConfigModule = defineModule({ name: "emailConfig", tables, routes: emailConfigRoutes });
