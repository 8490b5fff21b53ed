import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { createWasherBrand, listWasherBrands, modifyWasherBrand, removeWasherBrand } from "./brands.js";
import {
  createControlTemplate,
  listControlTemplates,
  modifyControlTemplate,
  removeControlTemplate,
} from "./control-templates.js";
import { createWasherModel, listWasherModels, modifyWasherModel, removeWasherModel } from "./models.js";
import { washerCatalogueOptions } from "./options.js";

export function washerCatalogueRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  const api = API.washerCatalogue;
  r.handle(api.brands, (input, ctx) => listWasherBrands(db, signedIn(ctx).scope, input));
  r.handle(api.models, (input, ctx) => listWasherModels(db, signedIn(ctx).scope, input));
  r.handle(api.controlTemplates, (input, ctx) => listControlTemplates(db, signedIn(ctx).scope, input));
  r.handle(api.options, (_input, ctx) => washerCatalogueOptions(db, signedIn(ctx).scope));

  r.handle(api.createBrand, async (input, ctx) => {
    const item = await createWasherBrand(db, signedIn(ctx).scope, input);
    ctx.audit.target = `washer_brand:${item.id}`;
    return item;
  });
  r.handle(api.modifyBrand, async (input, ctx) => {
    ctx.audit.target = `washer_brand:${input.id}`;
    return modifyWasherBrand(db, signedIn(ctx).scope, input);
  });
  r.handle(api.removeBrand, async (input, ctx) => {
    ctx.audit.target = `washer_brand:${input.id}`;
    return removeWasherBrand(db, signedIn(ctx).scope, input.id);
  });

  r.handle(api.createModel, async (input, ctx) => {
    const item = await createWasherModel(db, signedIn(ctx).scope, input);
    ctx.audit.target = `washer_model:${item.id}`;
    return item;
  });
  r.handle(api.modifyModel, async (input, ctx) => {
    ctx.audit.target = `washer_model:${input.id}`;
    return modifyWasherModel(db, signedIn(ctx).scope, input);
  });
  r.handle(api.removeModel, async (input, ctx) => {
    ctx.audit.target = `washer_model:${input.id}`;
    return removeWasherModel(db, signedIn(ctx).scope, input.id);
  });

  r.handle(api.createControlTemplate, async (input, ctx) => {
    const item = await createControlTemplate(db, signedIn(ctx).scope, input);
    ctx.audit.target = `control_template:${item.id}`;
    return item;
  });
  r.handle(api.modifyControlTemplate, async (input, ctx) => {
    ctx.audit.target = `control_template:${input.id}`;
    return modifyControlTemplate(db, signedIn(ctx).scope, input);
  });
  r.handle(api.removeControlTemplate, async (input, ctx) => {
    ctx.audit.target = `control_template:${input.id}`;
    return removeControlTemplate(db, signedIn(ctx).scope, input.id);
  });
}
