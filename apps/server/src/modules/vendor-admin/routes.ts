import { API } from "@washboard/shared";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { createGroupVendor, listGroupVendors, modifyGroupVendor, removeGroupVendor } from "./vendors.js";

/** /groups/vendors: the group's merchants. vendor_id is resolved within the caller's group by the registrar. */
export function vendorAdminRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.vendorAdmin.list, (input, ctx) => listGroupVendors(db, signedIn(ctx).scope, input));
  r.handle(API.vendorAdmin.create, (input, ctx) => createGroupVendor(db, signedIn(ctx), input));
  r.handle(API.vendorAdmin.modify, (input, ctx) => modifyGroupVendor(db, signedIn(ctx), input));
  r.handle(API.vendorAdmin.remove, (input, ctx) => removeGroupVendor(db, signedIn(ctx), input.vendor_id));
}
