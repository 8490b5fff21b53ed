import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { bindDevices, bindPayQr, createPayQr, listPayQrCodes, removePayQr, updatePayQr } from "./service.js";

export function payQrRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.payqr.list, (input, ctx) => listPayQrCodes(db, signedIn(ctx).scope, input));
  r.handle(API.payqr.bindDevices, (input, ctx) => bindDevices(db, signedIn(ctx).scope, input.shop_id));
  r.handle(API.payqr.create, async (input, ctx) => {
    const code = await createPayQr(db, signedIn(ctx).scope, input);
    ctx.audit.target = `payqr:${code.id}`;
    return code;
  });
  r.handle(API.payqr.update, async (input, ctx) => {
    ctx.audit.target = `payqr:${input.id}`;
    return updatePayQr(db, signedIn(ctx).scope, input);
  });
  r.handle(API.payqr.bindMode, async (input, ctx) => {
    ctx.audit.target = `payqr:${input.id}`;
    return bindPayQr(db, signedIn(ctx).scope, input);
  });
  r.handle(API.payqr.remove, async (input, ctx) => {
    ctx.audit.target = `payqr:${input.id}`;
    return removePayQr(db, signedIn(ctx).scope, input.id);
  });
}
