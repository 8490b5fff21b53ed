import { defineModule } from "../../platform/module.js";
import * as provides from "./public.js";
import { paymentProviderRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const vendorProfileModule = defineModule({
  name: "vendorProfile",
  provides,
  tables,
  routes: paymentProviderRoutes,
});
