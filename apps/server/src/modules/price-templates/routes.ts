import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import {
  assignPriceTemplate,
  createPriceTemplate,
  listPriceTemplates,
  modifyPriceTemplate,
  removePriceTemplate,
} from "./service.js";

export function priceTemplateRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  const api = API.priceTemplate;
  r.handle(api.list, (input, ctx) => listPriceTemplates(db, signedIn(ctx).scope, input));
  r.handle(api.create, async (input, ctx) => {
    const item = await createPriceTemplate(db, signedIn(ctx).scope, input);
    ctx.audit.target = `price_template:${item.id}`;
    return item;
  });
  r.handle(api.modify, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return modifyPriceTemplate(db, signedIn(ctx).scope, input);
  });
  r.handle(api.remove, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return removePriceTemplate(db, signedIn(ctx).scope, input.id);
  });
  r.handle(api.assign, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return assignPriceTemplate(db, signedIn(ctx).scope, input);
  });
}
