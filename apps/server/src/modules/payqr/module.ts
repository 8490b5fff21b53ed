import { defineModule } from "../../platform/module.js";
import { payQrRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const payqrModule = defineModule({ name: "payqr", tables, routes: payQrRoutes });
