import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type Choice, choicesOf, countReferring, type Ref, valueOfRow } from "../../platform/db/related.js";
import { type VendorTenant, vendorOfGroup } from "../tenancy/public.js";
import { alliances } from "./tables.js";

/** What other modules may know of alliances. */

/** The name of the alliance `ref` names, per row of another module's list. */
export const allianceNameOf = (ref: Ref) => valueOfRow<string>(alliances.name, alliances.id, ref);

/** How many alliances use the virtual card `ref` names as their template. */
export const allianceCountOfEcard = (ref: Ref) => countReferring(alliances.ecardId, ref);

/** How many alliances the group's merchants have, as an expression to read in another statement. */
export const allianceCountOfGroup = (groupId: number) =>
  sql<number>`(select count(*)::int from ${alliances} where ${vendorOfGroup(alliances.vendorId, groupId)})`;

/** Whether `id` is one of the vendor's alliances. */
export async function isVendorAlliance(db: Db, tenant: VendorTenant, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: alliances.id })
    .from(alliances)
    .where(and(eq(alliances.id, id), tenant.owns(alliances)));
  return row !== undefined;
}

/** The vendor's alliances for a select, by name. */
export function allianceChoices(tenant: VendorTenant): SQL<Choice[]> {
  return choicesOf(alliances.id, alliances.name, tenant.owns(alliances), [asc(alliances.name), asc(alliances.id)]);
}
