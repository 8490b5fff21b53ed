import type { ShopOptions } from "@washboard/shared";
import { asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { ownVendor } from "../../platform/http/scope.js";
import { alliances } from "../alliances/tables.js";
import { brands } from "../brands/tables.js";
import { locations } from "../locations/tables.js";
import { vendors } from "../tenancy/tables.js";
import { shops } from "./tables.js";

/** Names for the shop screens' selects, each list ordered by name. */
export async function shopOptions(db: Db, scope: TenantScope): Promise<ShopOptions> {
  const vendorId = ownVendor(scope);
  const [vendor] = await db.select({ groupId: vendors.groupId }).from(vendors).where(eq(vendors.id, vendorId));
  const [shopRows, locationRows, allianceRows, brandRows] = await Promise.all([
    db
      .select({ id: shops.id, name: shops.name })
      .from(shops)
      .where(eq(shops.vendorId, vendorId))
      .orderBy(asc(shops.name)),
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.vendorId, vendorId))
      .orderBy(asc(locations.name)),
    db
      .select({ id: alliances.id, name: alliances.name })
      .from(alliances)
      .where(eq(alliances.vendorId, vendorId))
      .orderBy(asc(alliances.name)),
    // A merchant without a group (self-registered) has no brands to choose from.
    vendor?.groupId
      ? db
          .select({ id: brands.id, name: brands.name })
          .from(brands)
          .where(eq(brands.groupId, vendor.groupId))
          .orderBy(asc(brands.name))
      : Promise.resolve([]),
  ]);
  return { shops: shopRows, locations: locationRows, alliances: allianceRows, brands: brandRows };
}
