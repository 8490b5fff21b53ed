import { allianceEndpoints } from "./alliances.js";
import { announcementEndpoints } from "./announcements.js";
import { authEndpoints } from "./auth.js";
import { brandEndpoints } from "./brands.js";
import type { EndpointContract } from "./contract.js";
import { dashboardEndpoints } from "./dashboard.js";
import { devicesEndpoints } from "./devices.js";
import { ecardEndpoints } from "./ecards.js";
import { emailConfigEndpoints } from "./email-config.js";
import { groupSubAccountEndpoints } from "./group-sub-accounts.js";
import { groupEndpoints } from "./groups.js";
import { liveEndpoints } from "./live.js";
import { locationEndpoints } from "./locations.js";
import { memberEndpointsForApp } from "./member-app.js";
import { memberCouponEndpoints } from "./member-coupons.js";
import { cardEndpoints, memberEndpoints } from "./members.js";
import { noticeEndpoints } from "./notices.js";
import { operationLogEndpoints } from "./operation-log.js";
import { orderEndpoints } from "./orders.js";
import { otaEndpoints } from "./ota.js";
import { otaRolloutEndpoints } from "./ota-rollouts.js";
import { payEndpoints } from "./pay.js";
import { payQrEndpoints } from "./payqr.js";
import { priceTemplateEndpoints } from "./price-templates.js";
import { promotionEndpoints } from "./promotions.js";
import { indexRegistry } from "./registry-index.js";
import { reportEndpoints } from "./reports.js";
import { revenueEndpoints } from "./revenue.js";
import { roleEndpoints } from "./roles.js";
import { shopEndpoints } from "./shops.js";
import { subAccountEndpoints } from "./sub-accounts.js";
import { subscriptionEndpoints } from "./subscriptions.js";
import { systemConfigEndpoints } from "./system-config.js";
import { tenancyEndpoints } from "./tenancy.js";
import { uploadEndpoints } from "./uploads.js";
import { vendorAccountEndpoints } from "./vendor-accounts.js";
import { vendorAdminEndpoints } from "./vendor-admin.js";
import { vendorProfileEndpoints } from "./vendor-profile.js";
import { washerCatalogueEndpoints } from "./washer-catalogue.js";

/** Every API call, by domain. The server refuses to start when one has no handler. */
export const API = {
  auth: authEndpoints,
  systemConfig: systemConfigEndpoints,
  tenancy: tenancyEndpoints,
  devices: devicesEndpoints,
  dashboard: dashboardEndpoints,
  operationLog: operationLogEndpoints,
  groups: groupEndpoints,
  groupSubAccounts: groupSubAccountEndpoints,
  vendorAdmin: vendorAdminEndpoints,
  vendorAccounts: vendorAccountEndpoints,
  roles: roleEndpoints,
  subAccounts: subAccountEndpoints,
  vendorProfile: vendorProfileEndpoints,
  brands: brandEndpoints,
  ecards: ecardEndpoints,
  uploads: uploadEndpoints,
  emailConfig: emailConfigEndpoints,
  shops: shopEndpoints,
  locations: locationEndpoints,
  alliances: allianceEndpoints,
  payqr: payQrEndpoints,
  washerCatalogue: washerCatalogueEndpoints,
  priceTemplates: priceTemplateEndpoints,
  // Announcements (popups on the pay page) are promotions' neighbours: a period, shops, a switch.
  promotions: { ...promotionEndpoints, ...announcementEndpoints },
  orders: orderEndpoints,
  revenue: revenueEndpoints,
  reports: reportEndpoints,
  ota: { ...otaEndpoints, ...otaRolloutEndpoints },
  // Account and cards (spec §7): the console's members and cards, and the member app's calls.
  members: { ...memberEndpoints, ...cardEndpoints, ...memberCouponEndpoints, ...memberEndpointsForApp },
  pay: payEndpoints,
  subscriptions: subscriptionEndpoints,
  notices: noticeEndpoints,
  live: liveEndpoints,
} as const;

const index = indexRegistry<EndpointContract>(API);

export const ALL_ENDPOINTS: readonly EndpointContract[] = index.all;

/**
 * A call's stable action id ("auth.login"): what the operation log stores, and the i18n key
 * (`actions.<id>`) the console shows it with.
 */
export const endpointId: (contract: EndpointContract) => string = index.endpointId;
export const findEndpointId: (contract: EndpointContract) => string | undefined = index.findEndpointId;
