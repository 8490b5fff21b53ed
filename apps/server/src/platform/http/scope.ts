import { AppError } from "./app-error.js";
import type { TenantScope } from "./context.js";

/**
 * The tenant a request acts on. Records of another tenant answer "not found", so a scope without
 * the needed tenant does too.
 */

/** The vendor of a vendor-level request (levels 3/4, or 6/7 with a vendor chosen in the top bar). */
export function ownVendor(scope: TenantScope): number {
  if (scope.vendorId === null) throw new AppError("NOT_FOUND");
  return scope.vendorId;
}

/**
 * The group of a group-level request. Records a group owns (brands, virtual cards) belong to it
 * whatever vendor the group account has chosen in the top bar.
 */
export function ownGroup(scope: TenantScope): number {
  if (scope.groupId === null) throw new AppError("NOT_FOUND");
  return scope.groupId;
}
