import type { Db } from "../../platform/db/client.js";
import { AppError } from "../../platform/http/app-error.js";
import { shopVendors } from "../shops/public.js";
import type { VendorTenant } from "../tenancy/public.js";

/** The shops a rule names, each the vendor's (and within a limited account's shops); NOT_FOUND otherwise. */
export async function checkScope(db: Db, tenant: VendorTenant, shopIds: readonly number[]): Promise<number[]> {
  const ids = [...new Set(shopIds)];
  if (tenant.shopIds && ids.length === 0) {
    throw new AppError("VALIDATION_FAILED", { field: "shop_ids", messageKey: "validation.noShops" });
  }
  const found = await shopVendors(db, ids);
  const allowed = (id: number) => !tenant.shopIds || tenant.shopIds.includes(id);
  const ok = ids.every(
    (id) => found.some((shop) => shop.id === id && shop.vendorId === tenant.vendorId) && allowed(id),
  );
  if (!ok) throw new AppError("NOT_FOUND", { field: "shop_ids" });
  return ids.sort((a, b) => a - b);
}
