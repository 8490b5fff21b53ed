import { defineModule } from "../../platform/module.js";
import { vendorAdminRoutes } from "./routes.js";

export const vendorAdminModule = defineModule({ name: "vendorAdmin", routes: vendorAdminRoutes });
