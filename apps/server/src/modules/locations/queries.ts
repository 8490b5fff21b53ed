import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type Choice, choicesOf, type Ref, valueOfRow } from "../../platform/db/related.js";
import type { VendorTenant } from "../tenancy/public.js";
import { locations } from "./tables.js";

/** What other modules may know of locations. */

/** The name of the location `ref` names, per row of another module's list. */
export const locationNameOf = (ref: Ref) => valueOfRow<string>(locations.name, locations.id, ref);

/** Whether `id` is one of the vendor's locations. */
export async function isVendorLocation(db: Db, tenant: VendorTenant, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, id), tenant.owns(locations)));
  return row !== undefined;
}

/** The vendor's locations for a select, by name. */
export function locationChoices(tenant: VendorTenant): SQL<Choice[]> {
  return choicesOf(locations.id, locations.name, tenant.owns(locations), [asc(locations.name), asc(locations.id)]);
}
