import { API } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import type { TenantScope } from "../../platform/http/context.js";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { findVendor, vendorTenant } from "../tenancy/public.js";
import {
  createAnnouncement,
  listAnnouncements,
  modifyAnnouncement,
  removeAnnouncement,
  setAnnouncementStatus,
} from "./announcements.js";
import { pushTimePrices } from "./machine-prices.js";
import { previewPrice } from "./preview.js";
import { createPromotion, listPromotions, modifyPromotion, removePromotion, setPromotionStatus } from "./service.js";
import { createPriceWindow, listPriceWindows, modifyPriceWindow, removePriceWindow, windowById } from "./windows.js";

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
  /** After a window changes, the vendor's machines are sent the prices that now cover them. */
  const pushed = async <T>(ctx: { scope: TenantScope; actor: { accountId: number } }, change: Promise<T>) => {
    const result = await change;
    const vendor = await findVendor(db, vendorTenant(ctx.scope).vendorId);
    if (vendor) await pushTimePrices(deps, vendor, ctx.actor.accountId);
    return result;
  };
  r.call(api.windows, (input, ctx) => listPriceWindows(db, ctx.scope, input));
  r.call(api.createWindow, async (input, ctx) => {
    const item = await pushed(ctx, createPriceWindow(db, ctx.scope, input));
    ctx.audit.target = `price_window:${item.id}`;
    return windowById(db, item.id);
  });
  r.call(api.modifyWindow, async (input, ctx) => {
    ctx.audit.target = `price_window:${input.id}`;
    await pushed(ctx, modifyPriceWindow(db, ctx.scope, input));
    return windowById(db, input.id);
  });
  r.call(api.removeWindow, (input, ctx) => {
    ctx.audit.target = `price_window:${input.id}`;
    return pushed(ctx, removePriceWindow(db, ctx.scope, input.id));
  });
  r.call(api.pushWindows, async (input, ctx) => {
    const vendor = await findVendor(db, vendorTenant(ctx.scope).vendorId);
    if (!vendor) throw new AppError("NOT_FOUND");
    ctx.audit.target = `vendor:${vendor.id}`;
    return pushTimePrices(deps, vendor, ctx.actor.accountId, input.retry);
  });
  r.call(api.preview, (input, ctx) => previewPrice(db, ctx.scope, input));

  r.call(api.announcements, (input, ctx) => listAnnouncements(db, ctx.actor, ctx.scope, input));
  r.call(api.createAnnouncement, async (input, ctx) => {
    const item = await createAnnouncement(db, ctx.actor, ctx.scope, input);
    ctx.audit.target = `announcement:${item.id}`;
    return item;
  });
  r.call(api.modifyAnnouncement, (input, ctx) => {
    ctx.audit.target = `announcement:${input.id}`;
    return modifyAnnouncement(db, ctx.actor, ctx.scope, input);
  });
  r.call(api.setAnnouncementStatus, (input, ctx) => {
    ctx.audit.target = `announcement:${input.id}`;
    return setAnnouncementStatus(db, ctx.actor, ctx.scope, input);
  });
  r.call(api.removeAnnouncement, (input, ctx) => {
    ctx.audit.target = `announcement:${input.id}`;
    return removeAnnouncement(db, ctx.actor, ctx.scope, input.id);
  });
}
