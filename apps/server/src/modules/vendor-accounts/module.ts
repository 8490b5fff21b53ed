import { defineModule } from "../../platform/module.js";
import { vendorAccountRoutes } from "./routes.js";

export const vendorAccountsModule = defineModule({ name: "vendorAccounts", routes: vendorAccountRoutes });
