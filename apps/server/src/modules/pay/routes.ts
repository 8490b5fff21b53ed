import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { completeApprovedPayment } from "../orders/public.js";
import { cancelCustomerPayment, createPayment, paymentStatus, payPage, sandboxPay } from "./service.js";

export function payRoutes(r: Routes, deps: AppDeps) {
  const { db } = deps;
  r.call(API.pay.page, (input) => payPage(deps, input));
  r.call(API.pay.create, async (input, ctx) => {
    const started = await createPayment(deps, input, ctx.ip);
    ctx.audit.target = `order:${started.order_no}`;
    return started;
  });
  r.call(API.pay.status, async (input) => {
    await completeApprovedPayment(deps, input.order_no);
    return paymentStatus(db, input.order_no);
  });
  r.call(API.pay.cancel, async (input, ctx) => {
    ctx.audit.target = `order:${input.order_no}`;
    return cancelCustomerPayment(db, input.order_no);
  });
  r.call(API.pay.sandboxPay, async (input, ctx) => {
    ctx.audit.target = `order:${input.order_no}`;
    return sandboxPay(deps, input.order_no);
  });
}
