import { defineModule } from "../../platform/module.js";
import { fill } from "../../platform/ports.js";
import { priceTemplateFacts } from "../devices/public.js";
import * as provides from "./public.js";
import { priceTemplateNameOf, priceTemplateTopPriceOf } from "./queries.js";
import { priceTemplateRoutes } from "./routes.js";
import * as tables from "./tables.js";

export const priceTemplatesModule = defineModule({
  name: "priceTemplates",
  provides,
  fills: [fill(priceTemplateFacts, { nameOf: priceTemplateNameOf, topPriceOf: priceTemplateTopPriceOf })],
  tables,
  routes: priceTemplateRoutes,
});
