import { defineModule } from "../../platform/module.js";
import { washerCatalogueRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const washerCatalogueModule = defineModule({ name: "washerCatalogue", tables, routes: washerCatalogueRoutes });
