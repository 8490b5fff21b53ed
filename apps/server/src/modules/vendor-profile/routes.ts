import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { modifyPayDiscounts, modifyPaymentInfo, modifyVendorContact, paymentInfo, vendorProfileOf } from "./service.js";

export function paymentProviderRoutes(r: Routes, { db, secrets }: AppDeps) {
  r.call(API.vendorProfile.profile, (_input, ctx) => vendorProfileOf(db, ctx));
  r.call(API.vendorProfile.modifyContact, (input, ctx) => modifyVendorContact(db, ctx, input));
  r.call(API.vendorProfile.paymentInfo, (input, ctx) => paymentInfo(db, secrets, ctx, input));
  r.call(API.vendorProfile.modifyPaymentInfo, (input, ctx) => modifyPaymentInfo(db, secrets, ctx, input));
  r.call(API.vendorProfile.modifyPayDiscounts, (input, ctx) => modifyPayDiscounts(db, secrets, ctx, input));
}
