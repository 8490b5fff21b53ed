import { ManagedAccountsScreen } from "./ManagedAccountsScreen";

/** /groups/vendor_account: main administrator accounts of the group's vendors (levels 6 and 7 manage them). */
export default function VendorAccountsPage() {
  return <ManagedAccountsScreen kind="vendor" canManage titleKey="routes.vendor_account" />;
}
