import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { type Ref, valueOfRow } from "../../platform/db/related.js";
import type { GroupTenant } from "../tenancy/public.js";
import { ecards } from "./tables.js";

/** What other modules may know of virtual cards. */

/** The name of the virtual card `ref` names, per row of another module's list. */
export const ecardNameOf = (ref: Ref) => valueOfRow<string>(ecards.name, ecards.id, ref);

/** Whether `id` is one of the group's virtual cards. */
export async function isGroupEcard(db: Db, tenant: GroupTenant, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: ecards.id })
    .from(ecards)
    .where(and(eq(ecards.id, id), tenant.owns(ecards)));
  return row !== undefined;
}

/** The group's virtual cards for a select, by name. */
export function ecardChoices(db: Db, tenant: GroupTenant): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: ecards.id, name: ecards.name })
    .from(ecards)
    .where(tenant.owns(ecards))
    .orderBy(asc(ecards.name), asc(ecards.id));
}
