import type { WasherCatalogueOptions } from "@washboard/shared";
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import type { TenantScope } from "../../platform/http/context.js";
import { vendorTenant } from "../tenancy/public.js";
import { controlTemplates, washerBrands } from "./tables.js";

/** Names of the brands and control templates a vendor may pick for a model, each ordered by name. */
export async function washerCatalogueOptions(db: Db, scope: TenantScope): Promise<WasherCatalogueOptions> {
  const tenant = vendorTenant(scope);
  const [brandRows, templateRows] = await Promise.all([
    db
      .select({ id: washerBrands.id, name: washerBrands.brand })
      .from(washerBrands)
      .where(tenant.sees(washerBrands))
      .orderBy(asc(sql`lower(${washerBrands.brand})`), asc(washerBrands.id)),
    db
      .select({ id: controlTemplates.id, name: controlTemplates.name })
      .from(controlTemplates)
      .where(tenant.sees(controlTemplates))
      .orderBy(asc(sql`lower(${controlTemplates.name})`), asc(controlTemplates.id)),
  ]);
  return { brands: brandRows, control_templates: templateRows };
}
