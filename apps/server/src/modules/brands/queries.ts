import { and, asc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type Choice, choicesOf, countReferring, type Ref, valueOfRow } from "../../platform/db/related.js";
import type { GroupTenant } from "../tenancy/public.js";
import { brands } from "./tables.js";

/** What other modules may know of brands. */

/** The name of the brand `ref` names, per row of another module's list. */
export const brandNameOf = (ref: Ref) => valueOfRow<string>(brands.name, brands.id, ref);

/** How many brands the group has, as an expression to read in another statement. */
export const brandCountOfGroup = (groupId: number) => countReferring(brands.groupId, groupId);

/** Whether `id` is one of the group's brands. */
export async function isGroupBrand(db: Db, tenant: GroupTenant, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.id, id), tenant.owns(brands)));
  return row !== undefined;
}

/** The group's brands for a select, by name. */
export function brandChoices(tenant: GroupTenant): SQL<Choice[]> {
  return choicesOf(brands.id, brands.name, tenant.owns(brands), [asc(brands.name), asc(brands.id)]);
}
