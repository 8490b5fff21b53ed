import { defineModule } from "../../platform/module.js";
import { dashboardRoutes } from "./routes.js";

export const dashboardModule = defineModule({ name: "dashboard", routes: dashboardRoutes });
