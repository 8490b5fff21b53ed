import { defineModule } from "../../platform/module.js";
import { authRoutes } from "./routes.js";

export const authModule = defineModule({ name: "auth", routes: authRoutes });
