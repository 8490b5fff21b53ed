import { allianceEndpoints } from "./alliances.js";
import { authEndpoints } from "./auth.js";
import { brandEndpoints } from "./brands.js";
import type { EndpointContract } from "./contract.js";
import { dashboardEndpoints } from "./dashboard.js";
import { deviceEndpoints } from "./device.js";
import { ecardEndpoints } from "./ecards.js";
import { emailConfigEndpoints } from "./email-config.js";
import { groupEndpoints } from "./group.js";
import { groupSubAccountEndpoints } from "./group-subaccounts.js";
import { locationEndpoints } from "./locations.js";
import { operationLogEndpoints } from "./operation-log.js";
import { vendorProfileEndpoints } from "./payment-providers.js";
import { payQrEndpoints } from "./payqr.js";
import { priceTemplateEndpoints } from "./price-templates.js";
import { indexRegistry } from "./registry-index.js";
import { roleEndpoints } from "./roles.js";
import { shopEndpoints } from "./shops.js";
import { subAccountEndpoints } from "./sub-accounts.js";
import { systemEndpoints } from "./system.js";
import { uploadEndpoints } from "./uploads.js";
import { vendorEndpoints } from "./vendor.js";
import { vendorAccountEndpoints } from "./vendor-accounts.js";
import { vendorAdminEndpoints } from "./vendor-admin.js";
import { washerCatalogueEndpoints } from "./washer-catalogue.js";

/** Every API call, by domain. The server refuses to start when one has no handler. */
export const API = {
  auth: authEndpoints,
  system: systemEndpoints,
  vendor: vendorEndpoints,
  device: deviceEndpoints,
  dashboard: dashboardEndpoints,
  log: operationLogEndpoints,
  group: groupEndpoints,
  groupSubAccount: groupSubAccountEndpoints,
  vendorAdmin: vendorAdminEndpoints,
  vendorAccount: vendorAccountEndpoints,
  role: roleEndpoints,
  subAccount: subAccountEndpoints,
  vendorProfile: vendorProfileEndpoints,
  brand: brandEndpoints,
  ecard: ecardEndpoints,
  upload: uploadEndpoints,
  emailConfig: emailConfigEndpoints,
  shop: shopEndpoints,
  location: locationEndpoints,
  alliance: allianceEndpoints,
  payqr: payQrEndpoints,
  washerCatalogue: washerCatalogueEndpoints,
  priceTemplate: priceTemplateEndpoints,
} as const;

const index = indexRegistry<EndpointContract>(API);

export const ALL_ENDPOINTS: readonly EndpointContract[] = index.all;

/**
 * A call's stable action id ("auth.login"): what the operation log stores, and the i18n key
 * (`actions.<id>`) the console shows it with.
 */
export const endpointId: (contract: EndpointContract) => string = index.endpointId;
