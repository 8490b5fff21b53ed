import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { createWasherBrand, listWasherBrands, modifyWasherBrand, removeWasherBrand } from "./brands.js";
import {
  createControlTemplate,
  listControlTemplates,
  modifyControlTemplate,
  removeControlTemplate,
} from "./control-templates.js";
import { createWasherModel, listWasherModels, modifyWasherModel, removeWasherModel } from "./models.js";
import { washerCatalogueOptions } from "./options.js";

export function washerCatalogueRoutes(r: Routes, { db }: AppDeps) {
  const api = API.washerCatalogue;
  r.call(api.brands, (input, ctx) => listWasherBrands(db, ctx.scope, input));
  r.call(api.models, (input, ctx) => listWasherModels(db, ctx.scope, input));
  r.call(api.controlTemplates, (input, ctx) => listControlTemplates(db, ctx.scope, input));
  r.call(api.options, (_input, ctx) => washerCatalogueOptions(db, ctx.scope));

  r.call(api.createBrand, async (input, ctx) => {
    const item = await createWasherBrand(db, ctx.scope, input);
    ctx.audit.target = `washer_brand:${item.id}`;
    return item;
  });
  r.call(api.modifyBrand, async (input, ctx) => {
    ctx.audit.target = `washer_brand:${input.id}`;
    return modifyWasherBrand(db, ctx.scope, input);
  });
  r.call(api.removeBrand, async (input, ctx) => {
    ctx.audit.target = `washer_brand:${input.id}`;
    return removeWasherBrand(db, ctx.scope, input.id);
  });

  r.call(api.createModel, async (input, ctx) => {
    const item = await createWasherModel(db, ctx.scope, input);
    ctx.audit.target = `washer_model:${item.id}`;
    return item;
  });
  r.call(api.modifyModel, async (input, ctx) => {
    ctx.audit.target = `washer_model:${input.id}`;
    return modifyWasherModel(db, ctx.scope, input);
  });
  r.call(api.removeModel, async (input, ctx) => {
    ctx.audit.target = `washer_model:${input.id}`;
    return removeWasherModel(db, ctx.scope, input.id);
  });

  r.call(api.createControlTemplate, async (input, ctx) => {
    const item = await createControlTemplate(db, ctx.scope, input);
    ctx.audit.target = `control_template:${item.id}`;
    return item;
  });
  r.call(api.modifyControlTemplate, async (input, ctx) => {
    ctx.audit.target = `control_template:${input.id}`;
    return modifyControlTemplate(db, ctx.scope, input);
  });
  r.call(api.removeControlTemplate, async (input, ctx) => {
    ctx.audit.target = `control_template:${input.id}`;
    return removeControlTemplate(db, ctx.scope, input.id);
  });
}
