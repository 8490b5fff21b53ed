import { LEVEL } from "@washboard/shared";
import type { VendorRow } from "../modules/tenancy/public.js";
import type { SignedInContext } from "../platform/http/context.js";

/**
 * The context the demo seed gives a service that wants a signed-in caller, when it acts for a
 * vendor: that vendor's main administrator (level 3, who holds every permission of the vendor) on
 * the vendor's scope. No account or session stands behind it and no request: the seed calls the
 * services directly, so no access check runs and no operation-log row is written, as for any other
 * part of an install's own set-up. The services read only its scope and level, and note their
 * target in its audit.
 */
export function vendorAdminContext(vendor: VendorRow): SignedInContext {
  return {
    actor: {
      accountId: 0,
      sessionId: 0,
      username: "demo-seed",
      nickname: "demo seed",
      level: LEVEL.VENDOR_ADMIN,
      groupId: vendor.groupId,
      vendorId: vendor.id,
      permissions: [],
    },
    scope: { groupId: vendor.groupId, vendorId: vendor.id },
    ip: "127.0.0.1",
    userAgent: "demo seed",
    audit: {},
  };
}
