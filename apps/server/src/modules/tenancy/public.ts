/** The public face of the tenancy module: all another module may import of it (src/architecture.test.ts checks). */

export type { GroupMoney, GroupSummary } from "./queries.js";
export {
  brandLimitOf,
  findGroup,
  findVendor,
  groupMoneyOf,
  groupNameOf,
  groupPlan,
  groupSummaryOf,
  groupVendorWith,
  lockGroup,
  lockVendor,
  pageGroupVendors,
  scopedVendor,
  scopeOnVendor,
  scopeVendorOf,
  vendorContactOf,
  vendorCountOfGroup,
  vendorCurrencyOf,
  vendorNameOf,
  vendorPlan,
  vendorsNamed,
  vendorsOfGroup,
  vendorTimeZoneOf,
} from "./queries.js";
export type { GroupTenant, VendorTenant } from "./scope.js";
export {
  audienceWhere,
  groupTenant,
  tenantOfGroup,
  tenantOfVendor,
  tenantWhere,
  vendorOfGroup,
  vendorTenant,
} from "./scope.js";
export type { GroupRow, NewGroup, NewVendor, VendorRow } from "./store.js";
export {
  deleteGroupVendor,
  insertGroup,
  insertVendor,
  lockGroupVendor,
  setVendorProvider,
  updateGroup,
  updateVendor,
} from "./store.js";
export { vendorTableFormat } from "./table-format.js";
export { hiddenKeysOfScope, hiddenKeysOfVendor } from "./variants.js";
