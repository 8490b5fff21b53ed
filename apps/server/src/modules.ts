import { accountsModule } from "./modules/accounts/module.js";
import { alliancesModule } from "./modules/alliances/module.js";
import { authModule } from "./modules/auth/module.js";
import { backupModule } from "./modules/backup/module.js";
import { brandsModule } from "./modules/brands/module.js";
import { dashboardModule } from "./modules/dashboard/module.js";
import { devicesModule } from "./modules/devices/module.js";
import { ecardsModule } from "./modules/ecards/module.js";
import { emailConfigModule } from "./modules/email-config/module.js";
import { groupSubAccountsModule } from "./modules/group-sub-accounts/module.js";
import { groupsModule } from "./modules/groups/module.js";
import { locationsModule } from "./modules/locations/module.js";
import { membersModule } from "./modules/members/module.js";
import { noticesModule } from "./modules/notices/module.js";
import { operationLogModule } from "./modules/operation-log/module.js";
import { ordersModule } from "./modules/orders/module.js";
import { otaModule } from "./modules/ota/module.js";
import { payModule } from "./modules/pay/module.js";
import { payqrModule } from "./modules/payqr/module.js";
import { priceTemplatesModule } from "./modules/price-templates/module.js";
import { promotionsModule } from "./modules/promotions/module.js";
import { reportsModule } from "./modules/reports/module.js";
import { revenueModule } from "./modules/revenue/module.js";
import { rolesModule } from "./modules/roles/module.js";
import { shopsModule } from "./modules/shops/module.js";
import { subAccountsModule } from "./modules/sub-accounts/module.js";
import { subscriptionsModule } from "./modules/subscriptions/module.js";
import { systemConfigModule } from "./modules/system-config/module.js";
import { tenancyModule } from "./modules/tenancy/module.js";
import { uploadsModule } from "./modules/uploads/module.js";
import { vendorAccountsModule } from "./modules/vendor-accounts/module.js";
import { vendorAdminModule } from "./modules/vendor-admin/module.js";
import { vendorProfileModule } from "./modules/vendor-profile/module.js";
import { washerCatalogueModule } from "./modules/washer-catalogue/module.js";
import { cacheModule } from "./platform/cache/module.js";
import { liveModule } from "./platform/live/module.js";
import type { ServerModule } from "./platform/module.js";
import { outboxModule } from "./platform/outbox/module.js";
import { webhooksModule } from "./platform/webhooks/module.js";

/**
 * Every server module, in start-up order (shut-down runs it backwards, demo seeding forwards): the
 * app, the Drizzle schema and the OpenAPI document are built from this list and nothing else.
 */
export const MODULES: readonly ServerModule[] = [
  // The platform's own: the cache versions, the live bus, the outbox worker, the webhook record.
  cacheModule,
  liveModule,
  outboxModule,
  webhooksModule,
  systemConfigModule,
  tenancyModule,
  accountsModule,
  authModule,
  operationLogModule,
  uploadsModule,
  groupsModule,
  groupSubAccountsModule,
  vendorAdminModule,
  vendorAccountsModule,
  vendorProfileModule,
  rolesModule,
  subAccountsModule,
  brandsModule,
  ecardsModule,
  emailConfigModule,
  locationsModule,
  shopsModule,
  alliancesModule,
  payqrModule,
  washerCatalogueModule,
  priceTemplatesModule,
  devicesModule,
  ordersModule,
  promotionsModule,
  membersModule,
  payModule,
  revenueModule,
  reportsModule,
  otaModule,
  subscriptionsModule,
  noticesModule,
  dashboardModule,
  backupModule,
];
