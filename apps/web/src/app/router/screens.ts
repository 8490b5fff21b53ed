import { type ComponentType, type LazyExoticComponent, lazy } from "react";

type Screen = LazyExoticComponent<ComponentType>;

/**
 * The screens that exist, by route path. A route of the shared table joins the menu only when it
 * has a screen here; each screen is its own chunk.
 */
export const SCREENS: Record<string, Screen> = {
  "/dashboard": lazy(() => import("../../features/dashboard/DashboardPage")),
  "/settings/account": lazy(() => import("../../features/account-settings/AccountSettingsPage")),
  "/nopermission/index": lazy(() => import("../../features/errors/NoPermissionPage")),
  "/404": lazy(() => import("../../features/errors/NotFoundPage")),
  "/open/tools/apidoc": lazy(() => import("../../features/apidoc/ApiDocPage")),
  "/log/log_opts": lazy(() => import("../../features/operation-log/OperationLogPage")),
  "/group/index": lazy(() => import("../../features/group-profile/GroupProfilePage")),
  "/groups/vendors": lazy(() => import("../../features/vendors/VendorsPage")),
  "/groups/vendor_account": lazy(() => import("../../features/vendor-accounts/VendorAccountsPage")),
  "/subacct/subacct": lazy(() => import("../../features/group-subaccounts/GroupSubAccountsPage")),
  "/login": lazy(() => import("../../features/auth/LoginPage")),
  "/account/role": lazy(() => import("../../features/roles/RolesPage")),
  "/account/sub_manager": lazy(() => import("../../features/sub-accounts/SubAccountsPage")),
  "/vendors/index": lazy(() => import("../../features/vendor-profile/VendorProfilePage")),
  "/brands/brands": lazy(() => import("../../features/brands/BrandsPage")),
  "/brands/ecards": lazy(() => import("../../features/ecards/EcardsPage")),
  "/group/email": lazy(() => import("../../features/email-config/EmailConfigPage")),
};
