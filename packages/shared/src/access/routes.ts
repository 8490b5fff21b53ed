import { ORDER_SCREEN_PROVIDERS, type ProviderFlag } from "../payments/providers.js";
import type { ConsoleLevel } from "./levels.js";
import { leavesOf, type PermissionRequirement } from "./permissions.js";

/**
 * The console's route table (spec §2): the single source for the router, sidebar, breadcrumb,
 * tags view, header search and the guard. Screens register a component for a path when they are
 * built; a path without a component never shows in the menu.
 */
export interface RouteMeta {
  path: string;
  /** i18n key of the page title. */
  titleKey: string;
  /** Name of an Ant Design icon, for the menu. */
  icon?: string;
  /** Levels allowed; absent means any console level (but levels 6/7 need their level listed). */
  levels?: readonly ConsoleLevel[];
  /** What a level-4 account needs: the page's leaf key (a page of sections: `oneOf` their leaves). */
  permission?: PermissionRequirement;
  /** Roles allowed (spec §2: Admin sees all; a route without roles is open to every role). */
  roles?: readonly string[];
  /** Menu group (i18n key `menu.<group>`); absent for top-level items. */
  group?: MenuGroup;
  hidden?: boolean;
  noCache?: boolean;
  affix?: boolean;
  /** Reachable without a session. */
  noLogin?: boolean;
  /** Shown only when the active vendor has this provider flag. */
  providerFlag?: ProviderFlag;
  /** A route a vendor variant adds opens the screen of this path (variants.ts). */
  screenOf?: string;
}

export const MENU_GROUPS = [
  "group",
  "shop",
  "promotion",
  "income_report",
  "order",
  "form",
  "datacenter",
  "member",
  "ota",
  "account",
  "log",
  "subscribe",
] as const;
export type MenuGroup = (typeof MENU_GROUPS)[number];

const VENDOR: readonly ConsoleLevel[] = [3, 4];
const GROUP: readonly ConsoleLevel[] = [6, 7];
const ALL: readonly ConsoleLevel[] = [3, 4, 6, 7];

const orderScreens: RouteMeta[] = [
  { path: "/order/freestart", titleKey: "routes.order_freestart", permission: "order_freestart" },
  { path: "/order/mem_account", titleKey: "routes.order_mem_account", permission: "order_mem_account" },
  { path: "/order/mem_card", titleKey: "routes.order_mem_card", permission: "order_mem_card" },
  // The fifteen providers of spec §2, then our sandbox (its orders, in demonstrations).
  ...ORDER_SCREEN_PROVIDERS.map((p) => ({
    path: p.orders.route,
    titleKey: `routes.order_${p.id}`,
    permission: p.orders.permission,
    providerFlag: p.orders.flag,
  })),
];
const orderRoutes: RouteMeta[] = orderScreens.map((r) => ({ ...r, group: "order" as const, levels: VENDOR }));

const formRoutes: RouteMeta[] = (
  [
    ["form_card", "form_dis_card"],
    ["form_point", "form_point"],
    ["form_kiosk", "forms_kiosk_business"],
    ["form_card_buss", "card_bussiness_forms"],
    ["form_account", "form_account"],
    ["form_coin_exchanger", "form_coin_exchanger"],
    ["form_vending_machine", "form_vending_machine"],
    ["form_device_operations", "form_device_operations"],
    ["form_account_manager", "form_account_manager"],
    ["form_payqr_operations", "form_payqr_operations"],
  ] as const
).map(([name, permission]) => ({
  path: `/form/${name}`,
  titleKey: `routes.${name}`,
  permission,
  group: "form" as const,
  levels: VENDOR,
}));

export const ROUTES: readonly RouteMeta[] = [
  { path: "/login", titleKey: "routes.login", hidden: true, noLogin: true },
  {
    path: "/dashboard",
    titleKey: "routes.dashboard",
    icon: "DashboardOutlined",
    levels: ALL,
    permission: "console",
    affix: true,
  },

  { path: "/group/index", titleKey: "routes.group_index", icon: "ApartmentOutlined", group: "group", levels: GROUP },
  { path: "/brands/brands", titleKey: "routes.brands", group: "group", levels: GROUP },
  { path: "/brands/ecards", titleKey: "routes.ecards", group: "group", levels: GROUP },
  { path: "/groups/vendors", titleKey: "routes.vendors", group: "group", levels: GROUP },
  { path: "/groups/vendor_account", titleKey: "routes.vendor_account", group: "group", levels: GROUP },
  { path: "/subacct/subacct", titleKey: "routes.group_subacct", group: "group", levels: GROUP },
  { path: "/group/email", titleKey: "routes.email_config", group: "group", levels: GROUP },
  {
    path: "/vendors/index",
    titleKey: "routes.vendor_profile",
    levels: VENDOR,
    permission: "vendor_info",
    hidden: true,
  },

  { path: "/shop/alliance", titleKey: "routes.alliance", group: "shop", levels: VENDOR, permission: "allia_query" },
  { path: "/shop/location", titleKey: "routes.location", group: "shop", levels: VENDOR, permission: "loc_query" },
  { path: "/shop/shops", titleKey: "routes.shops", group: "shop", levels: VENDOR, permission: "shop_query" },
  { path: "/shop/payqr", titleKey: "routes.payqr", group: "shop", levels: VENDOR, permission: "payqr_query" },
  { path: "/shop/devices", titleKey: "routes.devices", group: "shop", levels: VENDOR, permission: "dev_query" },
  // Spec §2 names these screens without routes; they configure machines, so they sit with the
  // devices under dev_query (changes need dev_control).
  {
    path: "/shop/price_templates",
    titleKey: "routes.price_templates",
    group: "shop",
    levels: VENDOR,
    permission: "dev_query",
  },
  {
    path: "/shop/washer_catalogue",
    titleKey: "routes.washer_catalogue",
    group: "shop",
    levels: VENDOR,
    permission: "dev_query",
  },

  {
    path: "/promotion/promotion",
    titleKey: "routes.promotion",
    group: "promotion",
    levels: VENDOR,
    // One section per kind of promotion, each under its own key: opened with any of them, a
    // sub-account sees and manages only the kinds it holds.
    permission: { oneOf: leavesOf("v_promotion") },
  },
  // Spec §2 names "coupons and invitation posters" without routes. Coupons are members' holdings
  // (spec §6 v_member): the screens open with mem_query, their changes need mem_give_discounts.
  {
    path: "/promotion/coupons",
    titleKey: "routes.coupons",
    group: "promotion",
    levels: VENDOR,
    permission: "mem_query",
  },
  {
    path: "/promotion/invitations",
    titleKey: "routes.invitations",
    group: "promotion",
    levels: VENDOR,
    permission: "mem_query",
  },

  {
    path: "/income_report/income_total",
    titleKey: "routes.income_total",
    group: "income_report",
    levels: ALL,
    permission: "reve_total",
  },
  {
    path: "/income_report/income_shop",
    titleKey: "routes.income_shop",
    group: "income_report",
    levels: ALL,
    permission: "reve_shop",
  },
  {
    path: "/income_report/income_other",
    titleKey: "routes.income_other",
    group: "income_report",
    levels: ALL,
    permission: "reve_other",
  },
  {
    path: "/income_report/income_device",
    titleKey: "routes.income_device",
    group: "income_report",
    levels: VENDOR,
    permission: "reve_device",
  },
  {
    path: "/income_report/expend",
    titleKey: "routes.expend",
    group: "income_report",
    levels: ALL,
    permission: "reve_usage",
  },

  ...orderRoutes,
  ...formRoutes,

  {
    path: "/datacenter/dc_statistic",
    titleKey: "routes.dc_statistic",
    group: "datacenter",
    levels: VENDOR,
    permission: "dc_statistic",
  },
  {
    path: "/user_account/user_account",
    titleKey: "routes.user_account",
    group: "member",
    levels: VENDOR,
    permission: "mem_query",
  },
  {
    path: "/user_card/user_card",
    titleKey: "routes.user_card",
    group: "member",
    levels: VENDOR,
    permission: "ucard_query",
  },
  { path: "/ydevice/ydevice", titleKey: "routes.ydevice", group: "member", levels: VENDOR, permission: "wd_query" },
  { path: "/ota/index", titleKey: "routes.ota", group: "ota", levels: VENDOR, permission: "ota_query" },
  { path: "/account/role", titleKey: "routes.role", group: "account", levels: VENDOR, permission: "role_query" },
  {
    path: "/account/sub_manager",
    titleKey: "routes.sub_manager",
    group: "account",
    levels: VENDOR,
    permission: "sub_act_query",
  },
  { path: "/log/log_opts", titleKey: "routes.log_opts", group: "log", levels: ALL, permission: "log_opts" },
  { path: "/log/log_dev", titleKey: "routes.log_dev", group: "log", levels: VENDOR, permission: "log_dev" },
  {
    path: "/subscribe/subscribe",
    titleKey: "routes.subscribe",
    group: "subscribe",
    levels: VENDOR,
    permission: "vendor_info",
  },
  {
    path: "/subscribe/orders",
    titleKey: "routes.subscribe_orders",
    group: "subscribe",
    levels: VENDOR,
    permission: "vendor_info",
  },
  {
    path: "/subscribe/receipt",
    titleKey: "routes.subscribe_receipt",
    group: "subscribe",
    levels: VENDOR,
    permission: "vendor_info",
    hidden: true,
    noCache: true,
  },

  {
    path: "/settings/account",
    titleKey: "routes.account_settings",
    icon: "SettingOutlined",
    levels: ALL,
    permission: "sett_acct",
    hidden: true,
  },
  // Spec §2 "a notice list" (no route named): opened from the header's bell, every console account.
  { path: "/notice/index", titleKey: "routes.notices", levels: ALL, hidden: true },
  // Spec §2 "an app download QR": the customer app's and the operator app's, from the account dropdown.
  { path: "/app/download", titleKey: "routes.app_download", levels: ALL, hidden: true },
  { path: "/nopermission/index", titleKey: "routes.nopermission", levels: ALL, hidden: true, noCache: true },
  { path: "/open/tools/index", titleKey: "routes.open_tools", hidden: true, noLogin: true },
  { path: "/open/tools/bluetooth", titleKey: "routes.open_bluetooth", hidden: true, noLogin: true },
  { path: "/open/tools/apidoc", titleKey: "routes.open_apidoc", hidden: true, noLogin: true },
  { path: "/404", titleKey: "routes.not_found", hidden: true, noLogin: true, noCache: true },
];

export const DEFAULT_ROUTE = "/dashboard";
export const LOGIN_ROUTE = "/login";
export const NO_PERMISSION_ROUTE = "/nopermission/index";
export const NOT_FOUND_ROUTE = "/404";

export function findRoute(path: string, routes: readonly RouteMeta[] = ROUTES): RouteMeta | undefined {
  return routes.find((r) => r.path === path);
}
