import { API, type EndpointContract, FORM_REPORTS, type FormReport, type FormReportKey } from "@washboard/shared";
import type { ReportRoute } from "./report-routes";

/** A report screen: the call it reads and the shared report (its rows' key and columns). */
export interface ReportDefinition {
  contract: EndpointContract;
  testId: string;
  report: FormReport<unknown>;
  /** The report's key in FORM_REPORTS (and its route's last segment). */
  key: FormReportKey;
}

const TEST_IDS: Record<FormReportKey, string> = {
  form_card: "report-discount-cards",
  form_account: "report-account-orders",
  form_payqr_operations: "report-payqr-operations",
  form_vending_machine: "report-vending-machine",
  form_card_buss: "report-card-business",
  form_point: "report-points",
  form_kiosk: "report-kiosk-business",
  form_coin_exchanger: "report-coin-exchanger",
  form_device_operations: "report-device-operations",
  form_account_manager: "report-account-manager",
};

const definition = (key: FormReportKey): ReportDefinition => ({
  contract: API.reports[FORM_REPORTS[key].call],
  testId: TEST_IDS[key],
  report: FORM_REPORTS[key],
  key,
});

/** The /form/* routes that have their report, by route. The others wait for their data (decisions.md). */
export const REPORTS = Object.fromEntries(
  (Object.keys(TEST_IDS) as FormReportKey[]).map((key) => [`/form/${key}`, definition(key)]),
) as Record<ReportRoute, ReportDefinition>;
