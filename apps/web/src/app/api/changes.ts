import { followVendorChange, refreshSessionAlliances, refreshSessionVendor } from "../session/boot";
import type { Change } from "./change";
import type { Domain } from "./query-keys";

/**
 * What else a change of a domain makes stale. `refetch`: the other domains whose queries show its
 * records (names, counts, choices). `sideEffect`: session state built from it outside the query
 * cache, brought up to date before any query refetches (the queries may depend on it).
 */
export interface ChangeDeclaration {
  refetch: readonly Domain[];
  sideEffect?: (change: Change) => Promise<void>;
}

/** After a mutation of a domain, its own queries refetch, and what is declared here. */
export const CHANGES: Record<Domain, ChangeDeclaration> = {
  auth: { refetch: [] },
  systemConfig: { refetch: [] },
  tenancy: { refetch: [] },
  devices: { refetch: [] },
  dashboard: { refetch: [] },
  operationLog: { refetch: [] },
  // A refund changes the revenue figures.
  orders: { refetch: ["revenue"] },
  revenue: { refetch: [] },
  reports: { refetch: [] },
  ota: { refetch: [] },
  pay: { refetch: [] },
  groups: { refetch: [] },
  groupSubAccounts: { refetch: [] },
  vendorAdmin: { refetch: [], sideEffect: followVendorChange },
  vendorAccounts: { refetch: [] },
  roles: { refetch: [] },
  subAccounts: { refetch: [] },
  vendorProfile: { refetch: [], sideEffect: refreshSessionVendor },
  // The shop screens' group line counts the group's brands and its merchants' alliances.
  brands: { refetch: ["groups"] },
  ecards: { refetch: [] },
  uploads: { refetch: [] },
  emailConfig: { refetch: [] },
  shops: { refetch: ["locations", "alliances", "payqr"] },
  locations: { refetch: ["shops"] },
  alliances: { refetch: ["shops", "groups"], sideEffect: refreshSessionAlliances },
  payqr: { refetch: [] },
  washerCatalogue: { refetch: [] },
  // Assigning or changing a template changes the template shown in the device list.
  priceTemplates: { refetch: ["devices"] },
  promotions: { refetch: [] },
  live: { refetch: [] },
  // A top-up at the counter is other income.
  members: { refetch: ["revenue"] },
  // A renewal order, and its payment when PayPal had already captured it, change the machines' end
  // dates: the device list's subscription column and the expiry counts.
  subscriptions: { refetch: ["devices"] },
  // Marking notices read changes the list's read tags and the header badge's unread count, both
  // queries of this domain: its own refetch is all.
  notices: { refetch: [] },
};
