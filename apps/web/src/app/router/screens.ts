import { ORDER_SCREENS } from "@washboard/shared";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import { REPORT_ROUTES } from "../../features/reports/report-routes";
import { loadScreenCatalogue } from "../i18n";

type Screen = LazyExoticComponent<ComponentType>;
type Load = () => Promise<{ default: ComponentType }>;

/**
 * The screens that exist, by route path. A route of the shared table joins the menu only when it
 * has a screen here; each screen is its own chunk.
 */
const FRAME_SCREENS: Record<string, Load> = {
  "/dashboard": () => import("../../features/dashboard/DashboardPage"),
  "/nopermission/index": () => import("../../features/errors/NoPermissionPage"),
  "/404": () => import("../../features/errors/NotFoundPage"),
  "/open/tools/apidoc": () => import("../../features/apidoc/ApiDocPage"),
  "/login": () => import("../../features/auth/LoginPage"),
};

/** Screens whose strings are in the catalogue's screens part: it loads beside the first of them. */
const CATALOGUE_SCREENS: Record<string, Load> = {
  // Public, but they name devices in the devices section's words.
  "/open/tools/index": () => import("../../features/tools/ToolsIndexPage"),
  "/open/tools/bluetooth": () => import("../../features/tools/BluetoothToolPage"),
  "/settings/account": () => import("../../features/auth/AccountSettingsPage"),
  "/log/log_opts": () => import("../../features/operation-log/OperationLogPage"),
  "/log/log_dev": () => import("../../features/device-log/DeviceLogPage"),
  "/group/index": () => import("../../features/groups/GroupProfilePage"),
  "/groups/vendors": () => import("../../features/vendor-admin/VendorsPage"),
  "/groups/vendor_account": () => import("../../features/vendor-accounts/VendorAccountsPage"),
  "/subacct/subacct": () => import("../../features/group-sub-accounts/GroupSubAccountsPage"),
  "/account/role": () => import("../../features/roles/RolesPage"),
  "/account/sub_manager": () => import("../../features/sub-accounts/SubAccountsPage"),
  "/vendors/index": () => import("../../features/vendor-profile/VendorProfilePage"),
  "/brands/brands": () => import("../../features/brands/BrandsPage"),
  "/brands/ecards": () => import("../../features/ecards/EcardsPage"),
  "/group/email": () => import("../../features/email-config/EmailConfigPage"),
  "/shop/alliance": () => import("../../features/alliances/AlliancesPage"),
  "/shop/payqr": () => import("../../features/payqr/PayQrPage"),
  "/shop/location": () => import("../../features/locations/LocationsPage"),
  "/shop/shops": () => import("../../features/shops/ShopsPage"),
  "/shop/devices": () => import("../../features/devices/DevicesPage"),
  "/ydevice/ydevice": () => import("../../features/wild-devices/WildDevicesPage"),
  "/user_account/user_account": () => import("../../features/members/MembersPage"),
  "/user_card/user_card": () => import("../../features/user-cards/CardsPage"),
  "/shop/washer_catalogue": () => import("../../features/washer-catalogue/WasherCataloguePage"),
  "/shop/price_templates": () => import("../../features/price-templates/PriceTemplatesPage"),
  "/income_report/income_total": () => import("../../features/revenue/IncomeTotalPage"),
  "/income_report/income_shop": () => import("../../features/revenue/IncomeShopPage"),
  "/income_report/income_other": () => import("../../features/revenue/IncomeOtherPage"),
  ...Object.fromEntries(REPORT_ROUTES.map((route) => [route, () => import("../../features/reports/FormReportPage")])),
  "/income_report/income_device": () => import("../../features/revenue/IncomeDevicePage"),
  "/income_report/expend": () => import("../../features/revenue/ExpendPage"),
  "/datacenter/dc_statistic": () => import("../../features/revenue/DataCenterPage"),
  // Every order screen is one page, which reads its source from the route.
  ...Object.fromEntries(ORDER_SCREENS.map((s) => [s.route, () => import("../../features/orders/OrdersPage")])),
};

export const SCREENS: Record<string, Screen> = {
  ...Object.fromEntries(Object.entries(FRAME_SCREENS).map(([path, load]) => [path, lazy(load)])),
  ...Object.fromEntries(
    Object.entries(CATALOGUE_SCREENS).map(([path, load]) => [
      path,
      lazy(() => Promise.all([load(), loadScreenCatalogue()]).then(([screen]) => screen)),
    ]),
  ),
};
