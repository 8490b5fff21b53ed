import { defineModule } from "../../platform/module.js";
import * as provides from "./public.js";
import { uploadRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const uploadsModule = defineModule({ name: "uploads", provides, tables, routes: uploadRoutes });
