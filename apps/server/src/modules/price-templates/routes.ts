import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { pushDeviceParams } from "../devices/public.js";
import { vendorTenant } from "../tenancy/public.js";
import {
  assignPriceTemplate,
  createPriceTemplate,
  listPriceTemplates,
  modifyPriceTemplate,
  removePriceTemplate,
  templateRollout,
} from "./service.js";

export function priceTemplateRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;
  const api = API.priceTemplates;
  r.call(api.list, (input, ctx) => listPriceTemplates(db, ctx.scope, input));
  r.call(api.create, async (input, ctx) => {
    const item = await createPriceTemplate(db, ctx.scope, input);
    ctx.audit.target = `price_template:${item.id}`;
    return item;
  });
  r.call(api.modify, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    const item = await modifyPriceTemplate(db, ctx.scope, input);
    // The machines running it take the new prices and times, as if it were assigned again.
    const rollout = await templateRollout(db, ctx.scope, input.id);
    await pushDeviceParams(deps, vendorTenant(ctx.scope), ctx.actor.accountId, rollout.deviceIds, rollout.params);
    return item;
  });
  r.call(api.remove, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    return removePriceTemplate(db, ctx.scope, input.id);
  });
  r.call(api.assign, async (input, ctx) => {
    ctx.audit.target = `price_template:${input.id}`;
    const { deviceIds, params } = await assignPriceTemplate(db, ctx.scope, input);
    const commands = await pushDeviceParams(deps, vendorTenant(ctx.scope), ctx.actor.accountId, deviceIds, params);
    return { id: input.id, device_ids: deviceIds, commands };
  });
}
