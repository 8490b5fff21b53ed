import { defineModule } from "../../platform/module.js";
import { reportRoutes } from "./routes.js";

/** The /form/* reports: no tables of their own; each reads through the module that owns its data. */
export const reportsModule = defineModule({ name: "reports", tables: {}, routes: reportRoutes });
