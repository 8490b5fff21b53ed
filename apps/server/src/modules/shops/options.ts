import type { ShopOptions } from "@washboard/shared";
import { asc } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { allianceChoices } from "../alliances/public.js";
import { brandChoices } from "../brands/public.js";
import { locationChoices } from "../locations/public.js";
import { tenantOfGroup, vendorPlan, vendorTenant } from "../tenancy/public.js";
import { shops } from "./tables.js";

/** Names for the shop screens' selects, each list ordered by name. */
export async function shopOptions(db: Db, scope: TenantScope): Promise<ShopOptions> {
  const tenant = vendorTenant(scope);
  const vendor = await vendorPlan(db, tenant.vendorId);
  const [shopRows, locationRows, allianceRows, brandRows] = await Promise.all([
    db.select({ id: shops.id, name: shops.name }).from(shops).where(tenant.owns(shops)).orderBy(asc(shops.name)),
    locationChoices(db, tenant),
    allianceChoices(db, tenant),
    // A merchant without a group (self-registered) has no brands to choose from.
    vendor.groupId !== null ? brandChoices(db, tenantOfGroup(vendor.groupId)) : Promise.resolve([]),
  ]);
  return { shops: shopRows, locations: locationRows, alliances: allianceRows, brands: brandRows };
}
