import { defineModule } from "../../platform/module.js";
import * as provides from "./public.js";
import { emailConfigRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const emailConfigModule = defineModule({ name: "emailConfig", provides, tables, routes: emailConfigRoutes });
