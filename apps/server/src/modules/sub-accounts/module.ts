import { defineModule } from "../../platform/module.js";
import { subAccountRoutes } from "./routes.js";

export const subAccountsModule = defineModule({ name: "subAccounts", routes: subAccountRoutes });
