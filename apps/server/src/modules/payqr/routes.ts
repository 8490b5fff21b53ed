import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { bindDevices, bindPayQr, createPayQr, listPayQrCodes, removePayQr, updatePayQr } from "./service.js";

export function payQrRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.payqr.list, (input, ctx) => listPayQrCodes(db, ctx.scope, input));
  r.call(API.payqr.bindDevices, (input, ctx) => bindDevices(db, ctx.scope, input.shop_id));
  r.call(API.payqr.create, async (input, ctx) => {
    const code = await createPayQr(db, ctx.scope, input);
    ctx.audit.target = `payqr:${code.id}`;
    return code;
  });
  r.call(API.payqr.update, async (input, ctx) => {
    ctx.audit.target = `payqr:${input.id}`;
    return updatePayQr(db, ctx.scope, input);
  });
  r.call(API.payqr.bindMode, async (input, ctx) => {
    ctx.audit.target = `payqr:${input.id}`;
    return bindPayQr(db, ctx.scope, input);
  });
  r.call(API.payqr.remove, async (input, ctx) => {
    ctx.audit.target = `payqr:${input.id}`;
    return removePayQr(db, ctx.scope, input.id);
  });
}
