import { API } from "@washboard/shared";
import { AppError } from "../../platform/http/app-error.js";
import { type AppDeps, type EndpointRegistrar, signedIn } from "../../platform/http/endpoint.js";
import { scopedVendor, toVendorSummary, vendorsOfGroup } from "./queries.js";

export function tenancyRoutes(r: EndpointRegistrar, { db }: AppDeps) {
  r.handle(API.vendor.listByGroup, async (input, ctx) => {
    const { actor } = signedIn(ctx);
    // A group account sees its own group only; asking for another answers "not found".
    if (actor.groupId === null || (input.group_id !== undefined && input.group_id !== actor.groupId)) {
      throw new AppError("NOT_FOUND");
    }
    const rows = await vendorsOfGroup(db, actor.groupId);
    return { vendor_list: rows.map(toVendorSummary) };
  });

  r.handle(API.vendor.current, async (_input, ctx) => toVendorSummary(await scopedVendor(db, ctx.scope)));
}
