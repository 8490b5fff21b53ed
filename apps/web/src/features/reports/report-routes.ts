/**
 * The /form/* reports that have their screen (the menu shows only these). Kept apart from the
 * definitions so the router learns the paths without loading any report code.
 */
export const REPORT_ROUTES = [
  "/form/form_card",
  "/form/form_account",
  "/form/form_payqr_operations",
  "/form/form_vending_machine",
  "/form/form_card_buss",
  "/form/form_point",
  "/form/form_kiosk",
  "/form/form_coin_exchanger",
  "/form/form_device_operations",
  "/form/form_account_manager",
] as const;
export type ReportRoute = (typeof REPORT_ROUTES)[number];
