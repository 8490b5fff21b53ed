import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import {
  assignPriceTemplate,
  createPriceTemplate,
  listPriceTemplates,
  modifyPriceTemplate,
  removePriceTemplate,
} from "./service.js";

export function priceTemplateRoutes(r: Routes, { db }: AppDeps) {
  const api = API.priceTemplates;
  r.call(api.list, (input, ctx) => listPriceTemplates(db, ctx.scope, input));
  r.call(api.create, async (input, ctx) => {
    const item = await createPriceTemplate(db, ctx.scope, input);
    ctx.audit.target = `price_template:${item.id}`;
    return item;
  });
  r.call(api.modify, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return modifyPriceTemplate(db, ctx.scope, input);
  });
  r.call(api.remove, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return removePriceTemplate(db, ctx.scope, input.id);
  });
  r.call(api.assign, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return assignPriceTemplate(db, ctx.scope, input);
  });
}
