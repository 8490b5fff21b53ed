import { defineModule } from "../../platform/module.js";
import { uploadRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const uploadsModule = defineModule({ name: "uploads", tables, routes: uploadRoutes });
