import { defineModule } from "../../platform/module.js";
import { groupSubAccountRoutes } from "./routes.js";

export const groupSubAccountsModule = defineModule({ name: "groupSubAccounts", routes: groupSubAccountRoutes });
