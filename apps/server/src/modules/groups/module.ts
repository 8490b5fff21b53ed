import { defineModule } from "../../platform/module.js";
import { groupRoutes } from "./routes.js";

export const groupsModule = defineModule({ name: "groups", routes: groupRoutes });
