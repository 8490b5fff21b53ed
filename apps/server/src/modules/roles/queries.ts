import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/client.js";
import { type Ref, valueOfRow } from "../../platform/db/related.js";
import { AppError } from "../../platform/http/app-error.js";
import type { VendorTenant } from "../tenancy/public.js";
import { roles } from "./tables.js";

/** What other modules may know of roles. */

export type RoleRow = typeof roles.$inferSelect;

/** The name of the role `ref` names, per row of another module's list. */
export const roleNameOf = (ref: Ref) => valueOfRow<string>(roles.name, roles.id, ref);

/** The stored keys of the role `ref` names (what a level-4 session may do). */
export const roleKeysOf = (ref: Ref) => valueOfRow<string[]>(roles.permissions, roles.id, ref);

/** The vendor's role with that id; another vendor's answers "not found". */
export async function findVendorRole(db: Db, tenant: VendorTenant, id: number): Promise<RoleRow> {
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), tenant.owns(roles)))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND");
  return row;
}

/** Removes the vendor's roles (with the vendor itself, once no account holds them). */
export async function deleteVendorRoles(tx: Tx, tenant: VendorTenant): Promise<void> {
  await tx.delete(roles).where(tenant.owns(roles));
}
