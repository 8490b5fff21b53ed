import type { PermissionLeafKey } from "../access/permissions.js";
import type {
  AccountManagerRow,
  AccountOrdersRow,
  CardBusinessRow,
  CoinExchangerRow,
  DeviceOperationsRow,
  DiscountCardsRow,
  formReportEndpoints,
  KioskBusinessRow,
  PayQrOperationsRow,
  PointsRow,
  VendingMachineRow,
} from "../api/reports.js";
import { formatTimestamp } from "../format/time.js";
import {
  amountColumn,
  type ColumnSpec,
  countColumn,
  dayColumn,
  figureColumnSpecs,
  machineColumn,
  shopColumn,
  sourceName,
} from "./table-columns.js";

/**
 * The /form/* reports that are built (spec §2, v_form keys), keyed by their route's last segment:
 * the call that answers them and the table they show. The console draws the table, the server
 * mails it as a workbook; both from these columns.
 */
export interface FormReport<Row> {
  /** The call in `API.reports`. */
  call: keyof typeof formReportEndpoints;
  /** The v_form key (spec §6) an account needs to read or subscribe to it. */
  permission: PermissionLeafKey;
  /** Its figures come from machines: its call takes a machine (`machineReportRange`). */
  byMachine: boolean;
  rowKey(row: Row): string;
  columns: ColumnSpec<Row>[];
}

const dayAndShop = (r: { day: string; shop_id: number | null }) => `${r.day}|${r.shop_id ?? 0}`;

const accountOrders: FormReport<AccountOrdersRow> = {
  call: "accountOrders",
  permission: "form_account",
  byMachine: true,
  rowKey: dayAndShop,
  columns: [dayColumn(), shopColumn(), ...figureColumnSpecs<AccountOrdersRow>()],
};

const payQrOperations: FormReport<PayQrOperationsRow> = {
  call: "payQrOperations",
  permission: "form_payqr_operations",
  byMachine: true,
  rowKey: (r) => `${r.day}|${r.source}`,
  columns: [
    dayColumn(),
    {
      key: "source",
      titleKey: "reports.columns.provider",
      text: (r, f) => sourceName(r.source, f),
      sortValue: (r) => r.source,
    },
    ...figureColumnSpecs<PayQrOperationsRow>(),
  ],
};

const vendingMachine: FormReport<VendingMachineRow> = {
  call: "vendingMachine",
  permission: "form_vending_machine",
  byMachine: true,
  rowKey: (r) => String(r.device_id),
  columns: [machineColumn(), shopColumn(), ...figureColumnSpecs<VendingMachineRow>()],
};

const cardBusiness: FormReport<CardBusinessRow> = {
  call: "cardBusiness",
  permission: "card_bussiness_forms",
  byMachine: false,
  rowKey: dayAndShop,
  columns: [
    dayColumn(),
    shopColumn(),
    countColumn("new_cards", "reports.columns.newCards", (r) => r.new_cards),
    countColumn("topups", "reports.columns.topups", (r) => r.topups),
    amountColumn("topup_amount", "reports.columns.topupAmount", (r) => r.topup_amount),
    countColumn("payments", "reports.columns.payments", (r) => r.payments),
    amountColumn("payment_amount", "reports.columns.paymentAmount", (r) => r.payment_amount),
  ],
};

const discountCards: FormReport<DiscountCardsRow> = {
  call: "discountCards",
  permission: "form_dis_card",
  byMachine: true,
  rowKey: dayAndShop,
  columns: [
    dayColumn(),
    shopColumn(),
    countColumn("given", "reports.columns.couponsGiven", (r) => r.given),
    countColumn("used", "reports.columns.couponsUsed", (r) => r.used),
    amountColumn("discount", "reports.columns.couponDiscount", (r) => r.discount),
    countColumn("expired", "reports.columns.couponsExpired", (r) => r.expired),
  ],
};

const points: FormReport<PointsRow> = {
  call: "points",
  permission: "form_point",
  byMachine: false,
  rowKey: dayAndShop,
  columns: [
    dayColumn(),
    shopColumn(),
    countColumn("members", "reports.columns.pointMembers", (r) => r.members),
    amountColumn("given", "reports.columns.pointsGiven", (r) => r.given),
    amountColumn("spent", "reports.columns.pointsSpent", (r) => r.spent),
  ],
};

const kioskBusiness: FormReport<KioskBusinessRow> = {
  call: "kioskBusiness",
  permission: "forms_kiosk_business",
  byMachine: true,
  rowKey: (r) => String(r.device_id),
  columns: [
    machineColumn(),
    shopColumn(),
    countColumn("topups", "reports.columns.topups", (r) => r.topups),
    amountColumn("topup_amount", "reports.columns.topupAmount", (r) => r.topup_amount),
    amountColumn("cash_in", "reports.columns.cashIn", (r) => r.cash_in),
  ],
};

const coinExchanger: FormReport<CoinExchangerRow> = {
  call: "coinExchanger",
  permission: "form_coin_exchanger",
  byMachine: true,
  rowKey: (r) => String(r.device_id),
  columns: [
    machineColumn(),
    shopColumn(),
    countColumn("exchanges", "reports.columns.exchanges", (r) => r.exchanges),
    amountColumn("change_given", "reports.columns.changeGiven", (r) => r.change_given),
    amountColumn("cash_in", "reports.columns.cashIn", (r) => r.cash_in),
  ],
};

const deviceOperations: FormReport<DeviceOperationsRow> = {
  call: "deviceOperations",
  permission: "form_device_operations",
  byMachine: true,
  rowKey: (r) => String(r.device_id),
  columns: [
    machineColumn(),
    shopColumn(),
    countColumn("commands", "reports.columns.commands", (r) => r.commands),
    countColumn("succeeded", "reports.columns.succeeded", (r) => r.succeeded),
    countColumn("failed", "reports.columns.failed", (r) => r.failed),
    countColumn("restarts", "reports.columns.restarts", (r) => r.restarts),
    countColumn("remote_starts", "reports.columns.remoteStarts", (r) => r.remote_starts),
    countColumn("cashbox", "reports.columns.cashbox", (r) => r.cashbox),
    countColumn("parameters", "reports.columns.parameters", (r) => r.parameters),
  ],
};

const accountManager: FormReport<AccountManagerRow> = {
  call: "accountManager",
  permission: "form_account_manager",
  byMachine: false,
  rowKey: (r) => r.actor,
  columns: [
    { key: "actor", titleKey: "reports.columns.account", text: (r) => r.actor, sortValue: (r) => r.actor },
    countColumn("operations", "reports.columns.operations", (r) => r.operations),
    countColumn("failures", "reports.columns.failures", (r) => r.failures),
    {
      key: "last",
      titleKey: "reports.columns.lastAt",
      text: (r, f) => formatTimestamp(r.last_at, f.timeZone),
      sortValue: (r) => r.last_at,
    },
  ],
};

/** Rows differ per report; each report is only ever handed the rows its own call answered. */
const erase = <Row>(report: FormReport<Row>) => report as unknown as FormReport<unknown>;

export const FORM_REPORTS = {
  form_card: erase(discountCards),
  form_account: erase(accountOrders),
  form_payqr_operations: erase(payQrOperations),
  form_vending_machine: erase(vendingMachine),
  form_card_buss: erase(cardBusiness),
  form_point: erase(points),
  form_kiosk: erase(kioskBusiness),
  form_coin_exchanger: erase(coinExchanger),
  form_device_operations: erase(deviceOperations),
  form_account_manager: erase(accountManager),
} as const satisfies Record<string, FormReport<unknown>>;

export type FormReportKey = keyof typeof FORM_REPORTS;
export const FORM_REPORT_KEYS = Object.keys(FORM_REPORTS) as FormReportKey[];
