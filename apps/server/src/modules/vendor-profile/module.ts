import { defineModule } from "../../platform/module.js";
import { paymentProviderRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const vendorProfileModule = defineModule({ name: "vendorProfile", tables, routes: paymentProviderRoutes });
