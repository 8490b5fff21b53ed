import { API } from "@washboard/shared";
import type { Routes } from "../../platform/http/routes.js";
import type { AppDeps } from "../../platform/module.js";
import { createGroupVendor, listGroupVendors, modifyGroupVendor, removeGroupVendor } from "./vendors.js";

/** /groups/vendors: the group's merchants. vendor_id is resolved within the caller's group by the registrar. */
export function vendorAdminRoutes(r: Routes, { db }: AppDeps) {
  r.call(API.vendorAdmin.list, (input, ctx) => listGroupVendors(db, ctx.scope, input));
  r.call(API.vendorAdmin.create, (input, ctx) => createGroupVendor(db, ctx, input));
  r.call(API.vendorAdmin.modify, (input, ctx) => modifyGroupVendor(db, ctx, input));
  r.call(API.vendorAdmin.remove, (input, ctx) => removeGroupVendor(db, ctx, input.vendor_id));
}
