import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { previewPrice } from "./preview.js";
import { createPromotion, listPromotions, modifyPromotion, removePromotion, setPromotionStatus } from "./service.js";
import { createPriceWindow, listPriceWindows, modifyPriceWindow, removePriceWindow } from "./windows.js";

export function promotionRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;
  const api = API.promotions;
  r.call(api.list, (input, ctx) => listPromotions(db, ctx.actor, ctx.scope, input));
  r.call(api.create, async (input, ctx) => {
    const item = await createPromotion(db, ctx.actor, ctx.scope, input);
    ctx.audit.target = `promotion:${item.id}`;
    return item;
  });
  r.call(api.modify, (input, ctx) => {
    ctx.audit.target = `promotion:${input.id}`;
    return modifyPromotion(db, ctx.actor, ctx.scope, input);
  });
  r.call(api.setStatus, (input, ctx) => {
    ctx.audit.target = `promotion:${input.id}`;
    return setPromotionStatus(db, ctx.actor, ctx.scope, input);
  });
  r.call(api.remove, (input, ctx) => {
    ctx.audit.target = `promotion:${input.id}`;
    return removePromotion(db, ctx.actor, ctx.scope, input.id);
  });
  r.call(api.windows, (input, ctx) => listPriceWindows(db, ctx.scope, input));
  r.call(api.createWindow, async (input, ctx) => {
    const item = await createPriceWindow(db, ctx.scope, input);
    ctx.audit.target = `price_window:${item.id}`;
    return item;
  });
  r.call(api.modifyWindow, (input, ctx) => {
    ctx.audit.target = `price_window:${input.id}`;
    return modifyPriceWindow(db, ctx.scope, input);
  });
  r.call(api.removeWindow, (input, ctx) => {
    ctx.audit.target = `price_window:${input.id}`;
    return removePriceWindow(db, ctx.scope, input.id);
  });
  r.call(api.preview, (input, ctx) => previewPrice(db, ctx.scope, input));
}
