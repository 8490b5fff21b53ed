import { z } from "zod";
import type { PermissionLeafKey } from "../access/permissions.js";
import { ORDER_SOURCES } from "../payments/order-sources.js";
import { endpoint } from "./contract.js";
import { recordId } from "./fields.js";
import { reportSubscriptionEndpoints } from "./report-subscriptions.js";
import { calendarDay, REVENUE_MAX_DAYS, revenueFigures } from "./revenue.js";

/**
 * The reports of spec §2 `/form/*` (v_form keys): a period of vendor-local days, a shop, and rows
 * the console sorts, totals and exports. Each reads the data of the module that owns it.
 */
const VENDOR = [3, 4] as const;

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

const period = { from: calendarDay, to: calendarDay, shop_id: recordId.optional() };
const inOrder = <S extends z.ZodType<{ from: string; to: string }>>(range: S) =>
  range
    .refine((r) => r.from <= r.to, { error: "validation.rangeOrder", path: ["to"] })
    .refine((r) => daysBetween(r.from, r.to) < REVENUE_MAX_DAYS, { error: "validation.rangeTooLong", path: ["to"] });

/** A report's period of vendor-local days, and a shop. */
export const reportRange = inOrder(z.object(period));
/** The same, and a machine, for the reports whose figures come from machines. */
export const machineReportRange = inOrder(z.object({ ...period, device_id: recordId.optional() }));
export type ReportRange = z.input<typeof machineReportRange>;

const shopOfRow = { shop_id: z.number().int().nullable(), shop_name: z.string().nullable() };
const machineOfRow = {
  device_id: z.number().int(),
  device_name: z.string(),
  serial_number: z.string(),
  shop_name: z.string().nullable(),
};

export const accountOrdersRow = revenueFigures.extend({ day: z.string(), ...shopOfRow });
export type AccountOrdersRow = z.infer<typeof accountOrdersRow>;

export const payQrOperationsRow = revenueFigures.extend({ day: z.string(), source: z.enum(ORDER_SOURCES) });
export type PayQrOperationsRow = z.infer<typeof payQrOperationsRow>;

export const vendingMachineRow = revenueFigures.extend(machineOfRow);
export type VendingMachineRow = z.infer<typeof vendingMachineRow>;

export const kioskBusinessRow = z.object({
  ...machineOfRow,
  currency: z.string(),
  /** Cards the kiosk topped up, and by how much (the members' other income). */
  topups: z.number().int(),
  topup_amount: z.number().int(),
  /** Coins and notes the customers put in. */
  cash_in: z.number().int(),
});
export type KioskBusinessRow = z.infer<typeof kioskBusinessRow>;

export const coinExchangerRow = z.object({
  ...machineOfRow,
  currency: z.string(),
  /** Times it gave change, and how much in coins. */
  exchanges: z.number().int(),
  change_given: z.number().int(),
  /** Coins and notes the customers put in. */
  cash_in: z.number().int(),
});
export type CoinExchangerRow = z.infer<typeof coinExchangerRow>;

export const cardBusinessRow = z.object({
  day: z.string(),
  ...shopOfRow,
  currency: z.string(),
  /** Cards registered that day (their shop: the member's, when bound). */
  new_cards: z.number().int(),
  topups: z.number().int(),
  topup_amount: z.number().int(),
  payments: z.number().int(),
  payment_amount: z.number().int(),
});
export type CardBusinessRow = z.infer<typeof cardBusinessRow>;

export const pointsRow = z.object({
  day: z.string(),
  ...shopOfRow,
  /** Members whose reward moved that day. */
  members: z.number().int(),
  /** Reward given (bonuses, adjustments up), in the reward's minor units. */
  given: z.number().int(),
  /** Reward spent or taken back. */
  spent: z.number().int(),
  currency: z.string(),
});
export type PointsRow = z.infer<typeof pointsRow>;

export const discountCardsRow = z.object({
  day: z.string(),
  ...shopOfRow,
  currency: z.string(),
  /** Coupons given to members that day (their shop: the member's). */
  given: z.number().int(),
  /** Coupons spent on orders (their shop: the machine's), and what they took off the prices. */
  used: z.number().int(),
  discount: z.number().int(),
  /** Coupons that ended that day without being spent. */
  expired: z.number().int(),
});
export type DiscountCardsRow = z.infer<typeof discountCardsRow>;

export const deviceOperationsRow = z.object({
  ...machineOfRow,
  commands: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  restarts: z.number().int(),
  remote_starts: z.number().int(),
  cashbox: z.number().int(),
  parameters: z.number().int(),
});
export type DeviceOperationsRow = z.infer<typeof deviceOperationsRow>;

export const accountManagerRow = z.object({
  actor: z.string(),
  operations: z.number().int(),
  failures: z.number().int(),
  last_at: z.number().int(),
});
export type AccountManagerRow = z.infer<typeof accountManagerRow>;

/** A report call: its period (with a machine, for the reports whose figures come from machines) and rows. */
function report<Row extends z.ZodType, Body extends typeof reportRange | typeof machineReportRange>(
  call: string,
  permission: PermissionLeafKey,
  summary: string,
  row: Row,
  body: Body,
) {
  return endpoint({
    method: "POST",
    path: `/api/Reports/${call}`,
    summary,
    access: { kind: "session", levels: VENDOR, permission },
    body,
    result: z.object({ items: z.array(row) }),
    mutates: false,
  });
}

/** The /form/* report calls, one per built report (reports/form-reports.ts names their tables). */
export const formReportEndpoints = {
  accountOrders: report(
    "get_account_order_report",
    "form_account",
    "Orders paid from member accounts by day and shop (form_account)",
    accountOrdersRow,
    machineReportRange,
  ),
  payQrOperations: report(
    "get_payqr_operation_report",
    "form_payqr_operations",
    "Payments through the pay QR codes by day and provider (form_payqr_operations)",
    payQrOperationsRow,
    machineReportRange,
  ),
  vendingMachine: report(
    "get_vending_machine_report",
    "form_vending_machine",
    "Sales of each vending machine over the period (form_vending_machine)",
    vendingMachineRow,
    machineReportRange,
  ),
  cardBusiness: report(
    "get_card_business_report",
    "card_bussiness_forms",
    "Cards registered, topped up and paid with, by day and shop (card_bussiness_forms)",
    cardBusinessRow,
    reportRange,
  ),
  kioskBusiness: report(
    "get_kiosk_business_report",
    "forms_kiosk_business",
    "What each kiosk took in cash and topped up on cards (forms_kiosk_business)",
    kioskBusinessRow,
    machineReportRange,
  ),
  coinExchanger: report(
    "get_coin_exchanger_report",
    "form_coin_exchanger",
    "What each coin exchanger took and gave in change (form_coin_exchanger)",
    coinExchangerRow,
    machineReportRange,
  ),
  deviceOperations: report(
    "get_device_operation_report",
    "form_device_operations",
    "Commands sent to each machine and how they ended (form_device_operations)",
    deviceOperationsRow,
    machineReportRange,
  ),
  discountCards: report(
    "get_card_report",
    "form_dis_card",
    "Coupons given, spent (with their discounts) and expired, by day and shop (form_dis_card)",
    discountCardsRow,
    machineReportRange,
  ),
  points: report(
    "get_point_report",
    "form_point",
    "Reward points given to members and spent, by day and shop (form_point)",
    pointsRow,
    reportRange,
  ),
  accountManager: report(
    "get_account_manager_report",
    "form_account_manager",
    "What each account of the vendor did in the console (form_account_manager)",
    accountManagerRow,
    reportRange,
  ),
} as const;

/** The reports module's calls: the reports, and their e-mailed schedules. */
export const reportEndpoints = { ...formReportEndpoints, ...reportSubscriptionEndpoints } as const;
