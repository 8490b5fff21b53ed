import {
  type AccountManagerRow,
  type AccountOrdersRow,
  API,
  type CardBusinessRow,
  type DeviceOperationsRow,
  type EndpointContract,
  formatTimestamp,
  type PayQrOperationsRow,
  type PointsRow,
  type VendingMachineRow,
} from "@washboard/shared";
import { i18next } from "../../app/i18n";
import type { ReportColumn } from "../../app/ui/data-table/ReportTable";
import { figureColumns, sourceLabel, totalPerCurrency } from "../revenue/figures";
import type { ReportRoute } from "./report-routes";

type Money = (minor: number, currency: string) => string;
const t = (key: string) => i18next.t(key);
const noShop = (name: string | null) => name ?? t("revenue.noShop");

/** A report screen: the call it reads, its rows' key and columns (sortable, totalled, exported). */
export interface ReportDefinition<Row> {
  contract: EndpointContract;
  testId: string;
  rowKey(row: Row): string;
  columns(rows: Row[], money: Money, timeZone: string): ReportColumn<Row>[];
}

/** Rows differ per report; the page hands each definition only the rows its own call answered. */
const erase = <Row,>(definition: ReportDefinition<Row>) => definition as unknown as ReportDefinition<unknown>;

const count = <Row,>(key: string, titleKey: string, value: (row: Row) => number, rows: Row[]): ReportColumn<Row> => ({
  key,
  titleKey,
  numeric: true,
  text: (row) => String(value(row)),
  sortValue: value,
  total: String(rows.reduce((n, row) => n + value(row), 0)),
});

const amount = <Row extends { currency: string }>(
  key: string,
  titleKey: string,
  value: (row: Row) => number,
  rows: Row[],
  money: Money,
): ReportColumn<Row> => ({
  key,
  titleKey,
  numeric: true,
  text: (row) => money(value(row), row.currency),
  sortValue: value,
  total: totalPerCurrency(rows, value, money),
});

const day = <Row extends { day: string }>(): ReportColumn<Row> => ({
  key: "day",
  titleKey: "revenue.columns.day",
  text: (r) => r.day,
  sortValue: (r) => r.day,
});
const shop = <Row extends { shop_name: string | null }>(): ReportColumn<Row> => ({
  key: "shop",
  titleKey: "revenue.columns.shop",
  text: (r) => noShop(r.shop_name),
  sortValue: (r) => noShop(r.shop_name),
});
const machine = <Row extends { device_name: string; serial_number: string }>(): ReportColumn<Row> => ({
  key: "machine",
  titleKey: "reports.columns.machine",
  text: (r) => `${r.device_name || r.serial_number} (${r.serial_number})`,
  sortValue: (r) => r.device_name || r.serial_number,
});

const accountOrders: ReportDefinition<AccountOrdersRow> = {
  contract: API.reports.accountOrders,
  testId: "report-account-orders",
  rowKey: (r) => `${r.day}|${r.shop_id ?? 0}`,
  columns: (rows, money) => [day(), shop(), ...figureColumns(rows, money)],
};

const payQrOperations: ReportDefinition<PayQrOperationsRow> = {
  contract: API.reports.payQrOperations,
  testId: "report-payqr-operations",
  rowKey: (r) => `${r.day}|${r.source}`,
  columns: (rows, money) => [
    day(),
    {
      key: "source",
      titleKey: "reports.columns.provider",
      text: (r) => sourceLabel(r.source),
      sortValue: (r) => r.source,
    },
    ...figureColumns(rows, money),
  ],
};

const vendingMachine: ReportDefinition<VendingMachineRow> = {
  contract: API.reports.vendingMachine,
  testId: "report-vending-machine",
  rowKey: (r) => String(r.device_id),
  columns: (rows, money) => [machine(), shop(), ...figureColumns(rows, money)],
};

const cardBusiness: ReportDefinition<CardBusinessRow> = {
  contract: API.reports.cardBusiness,
  testId: "report-card-business",
  rowKey: (r) => `${r.day}|${r.shop_id ?? 0}`,
  columns: (rows, money) => [
    day(),
    shop(),
    count("new_cards", "reports.columns.newCards", (r) => r.new_cards, rows),
    count("topups", "reports.columns.topups", (r) => r.topups, rows),
    amount("topup_amount", "reports.columns.topupAmount", (r) => r.topup_amount, rows, money),
    count("payments", "reports.columns.payments", (r) => r.payments, rows),
    amount("payment_amount", "reports.columns.paymentAmount", (r) => r.payment_amount, rows, money),
  ],
};

const points: ReportDefinition<PointsRow> = {
  contract: API.reports.points,
  testId: "report-points",
  rowKey: (r) => `${r.day}|${r.shop_id ?? 0}`,
  columns: (rows, money) => [
    day(),
    shop(),
    count("members", "reports.columns.pointMembers", (r) => r.members, rows),
    amount("given", "reports.columns.pointsGiven", (r) => r.given, rows, money),
    amount("spent", "reports.columns.pointsSpent", (r) => r.spent, rows, money),
  ],
};

const deviceOperations: ReportDefinition<DeviceOperationsRow> = {
  contract: API.reports.deviceOperations,
  testId: "report-device-operations",
  rowKey: (r) => String(r.device_id),
  columns: (rows) => [
    machine(),
    shop(),
    count("commands", "reports.columns.commands", (r) => r.commands, rows),
    count("succeeded", "reports.columns.succeeded", (r) => r.succeeded, rows),
    count("failed", "reports.columns.failed", (r) => r.failed, rows),
    count("restarts", "reports.columns.restarts", (r) => r.restarts, rows),
    count("remote_starts", "reports.columns.remoteStarts", (r) => r.remote_starts, rows),
    count("cashbox", "reports.columns.cashbox", (r) => r.cashbox, rows),
    count("parameters", "reports.columns.parameters", (r) => r.parameters, rows),
  ],
};

const accountManager: ReportDefinition<AccountManagerRow> = {
  contract: API.reports.accountManager,
  testId: "report-account-manager",
  rowKey: (r) => r.actor,
  columns: (rows, _money, timeZone) => [
    { key: "actor", titleKey: "reports.columns.account", text: (r) => r.actor, sortValue: (r) => r.actor },
    count("operations", "reports.columns.operations", (r) => r.operations, rows),
    count("failures", "reports.columns.failures", (r) => r.failures, rows),
    {
      key: "last",
      titleKey: "reports.columns.lastAt",
      text: (r) => formatTimestamp(r.last_at, timeZone),
      sortValue: (r) => r.last_at,
    },
  ],
};

/** The /form/* routes that have their report, by route. The others wait for their data (decisions.md). */
export const REPORTS: Record<ReportRoute, ReportDefinition<unknown>> = {
  "/form/form_account": erase(accountOrders),
  "/form/form_payqr_operations": erase(payQrOperations),
  "/form/form_vending_machine": erase(vendingMachine),
  "/form/form_card_buss": erase(cardBusiness),
  "/form/form_point": erase(points),
  "/form/form_device_operations": erase(deviceOperations),
  "/form/form_account_manager": erase(accountManager),
};
