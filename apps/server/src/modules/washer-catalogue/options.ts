import type { WasherCatalogueOptions } from "@washboard/shared";
import { asc, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/client.js";
import { choicesOf, scalars } from "../../platform/db/related.js";
import type { TenantScope } from "../../platform/http/context.js";
import { vendorTenant } from "../tenancy/public.js";
import { controlTemplates, washerBrands } from "./tables.js";

/** Names of the brands and control templates a vendor may pick for a model, each ordered by name. */
export async function washerCatalogueOptions(db: Db, scope: TenantScope): Promise<WasherCatalogueOptions> {
  const tenant = vendorTenant(scope);
  const lists = await scalars(db, {
    brands: choicesOf(washerBrands.id, washerBrands.brand, tenant.sees(washerBrands), [
      asc(sql`lower(${washerBrands.brand})`),
      asc(washerBrands.id),
    ]),
    controlTemplates: choicesOf(controlTemplates.id, controlTemplates.name, tenant.sees(controlTemplates), [
      asc(sql`lower(${controlTemplates.name})`),
      asc(controlTemplates.id),
    ]),
  });
  return { brands: lists.brands, control_templates: lists.controlTemplates };
}
