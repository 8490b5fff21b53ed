import { defineModule } from "../../platform/module.js";
import { priceTemplateRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const priceTemplatesModule = defineModule({ name: "priceTemplates", tables, routes: priceTemplateRoutes });
