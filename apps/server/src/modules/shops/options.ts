import type { ShopOptions } from "@washboard/shared";
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type Choice, choicesOf, scalars } from "../../platform/db/related.js";
import type { TenantScope } from "../../platform/http/context.js";
import { allianceChoices } from "../alliances/public.js";
import { brandChoices } from "../brands/public.js";
import { locationChoices } from "../locations/public.js";
import { scopedVendor, tenantOfGroup, vendorTenant } from "../tenancy/public.js";
import { shops } from "./tables.js";

/** Names for the shop screens' selects, each list ordered by name. */
export async function shopOptions(db: Db, scope: TenantScope): Promise<ShopOptions> {
  const tenant = vendorTenant(scope);
  const vendor = await scopedVendor(db, scope);
  return scalars(db, {
    shops: choicesOf(shops.id, shops.name, tenant.owns(shops), [asc(shops.name), asc(shops.id)]),
    locations: locationChoices(tenant),
    alliances: allianceChoices(tenant),
    // A merchant without a group (self-registered) has no brands to choose from.
    brands: vendor.groupId !== null ? brandChoices(tenantOfGroup(vendor.groupId)) : sql<Choice[]>`'[]'::json`,
  });
}
