import type { FeatureDeclaration } from "../app/feature-contract";
import { feature as alliances } from "./alliances/feature";
import { feature as apidoc } from "./apidoc/feature";
import { feature as appDownload } from "./app-download/feature";
import { feature as auth } from "./auth/feature";
import { feature as brands } from "./brands/feature";
import { feature as coupons } from "./coupons/feature";
import { feature as dashboard } from "./dashboard/feature";
import { feature as deviceLog } from "./device-log/feature";
import { feature as devices } from "./devices/feature";
import { feature as ecards } from "./ecards/feature";
import { feature as emailConfig } from "./email-config/feature";
import { feature as errors } from "./errors/feature";
import { feature as groupSubAccounts } from "./group-sub-accounts/feature";
import { feature as groups } from "./groups/feature";
import { feature as invitations } from "./invitations/feature";
import { feature as locations } from "./locations/feature";
import { feature as members } from "./members/feature";
import { feature as notices } from "./notices/feature";
import { feature as operationLog } from "./operation-log/feature";
import { feature as orders } from "./orders/feature";
import { feature as ota } from "./ota/feature";
import { feature as payqr } from "./payqr/feature";
import { feature as priceTemplates } from "./price-templates/feature";
import { feature as promotions } from "./promotions/feature";
import { feature as reports } from "./reports/feature";
import { feature as revenue } from "./revenue/feature";
import { feature as roles } from "./roles/feature";
import { feature as shops } from "./shops/feature";
import { feature as subAccounts } from "./sub-accounts/feature";
import { feature as subscriptions } from "./subscriptions/feature";
import { feature as tools } from "./tools/feature";
import { feature as userCards } from "./user-cards/feature";
import { feature as vendorAccounts } from "./vendor-accounts/feature";
import { feature as vendorAdmin } from "./vendor-admin/feature";
import { feature as vendorProfile } from "./vendor-profile/feature";
import { feature as washerCatalogue } from "./washer-catalogue/feature";
import { feature as wildDevices } from "./wild-devices/feature";

/**
 * Every feature of the console, by its declaration (its folder's feature.ts): the frame builds its
 * routes, account menu and live handlers from this list alone. A new feature folder adds its
 * declaration here. The account dropdown lists the features' entries in this order.
 */
export const FEATURES: readonly FeatureDeclaration[] = [
  dashboard,
  errors,
  apidoc,
  tools,
  vendorProfile,
  auth,
  appDownload,
  operationLog,
  deviceLog,
  groups,
  vendorAdmin,
  vendorAccounts,
  groupSubAccounts,
  roles,
  subAccounts,
  brands,
  ecards,
  emailConfig,
  alliances,
  payqr,
  locations,
  shops,
  devices,
  wildDevices,
  members,
  userCards,
  washerCatalogue,
  priceTemplates,
  promotions,
  coupons,
  invitations,
  revenue,
  reports,
  orders,
  ota,
  subscriptions,
  notices,
];
