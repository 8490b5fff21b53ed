import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { modifyPayDiscounts, modifyPaymentInfo, modifyVendorContact, paymentInfo, vendorProfileOf } from "./service.js";

export function paymentProviderRoutes(r: EndpointRegistrar, { db, secrets }: AppDeps) {
  r.handle(API.vendorProfile.profile, (_input, ctx) => vendorProfileOf(db, signedIn(ctx)));
  r.handle(API.vendorProfile.modifyContact, (input, ctx) => modifyVendorContact(db, signedIn(ctx), input));
  r.handle(API.vendorProfile.paymentInfo, (input, ctx) => paymentInfo(db, secrets, signedIn(ctx), input));
  r.handle(API.vendorProfile.modifyPaymentInfo, (input, ctx) => modifyPaymentInfo(db, secrets, signedIn(ctx), input));
  r.handle(API.vendorProfile.modifyPayDiscounts, (input, ctx) => modifyPayDiscounts(db, secrets, signedIn(ctx), input));
}
