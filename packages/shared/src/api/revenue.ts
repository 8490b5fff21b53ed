import { z } from "zod";
import { ORDER_SOURCES } from "../payments/order-sources.js";
import { endpoint } from "./contract.js";
import { recordId } from "./fields.js";

const ALL = [3, 4, 6, 7] as const;
const VENDOR = [3, 4] as const;

/** Longest ranges a revenue call reads: a year of days, five years of months (spec §9 analysis window). */
export const REVENUE_MAX_DAYS = 366;
export const REVENUE_MAX_MONTHS = 60;

function isRealDate(text: string): boolean {
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** A calendar day in the vendor's zone, "YYYY-MM-DD". */
export const calendarDay = z
  .string({ error: "validation.date" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "validation.date" })
  .refine(isRealDate, { error: "validation.date" });

/** A calendar month, "YYYY-MM". */
export const calendarMonth = z
  .string({ error: "validation.month" })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "validation.month" });

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7));

const dayRange = z
  .object({ from: calendarDay, to: calendarDay, shop_id: recordId.optional() })
  .refine((r) => r.from <= r.to, { error: "validation.rangeOrder", path: ["to"] })
  .refine((r) => daysBetween(r.from, r.to) < REVENUE_MAX_DAYS, { error: "validation.rangeTooLong", path: ["to"] });

const monthRange = z
  .object({ from: calendarMonth, to: calendarMonth, shop_id: recordId.optional() })
  .refine((r) => r.from <= r.to, { error: "validation.rangeOrder", path: ["to"] })
  .refine((r) => monthsBetween(r.from, r.to) < REVENUE_MAX_MONTHS, { error: "validation.rangeTooLong", path: ["to"] });

/**
 * The money of a set of orders (minor units of `currency`): what was paid, and — apart, never
 * netted away — what was refunded (refunds count on the day they succeeded).
 */
export const revenueFigures = z.object({
  currency: z.string(),
  /** Paid orders (machine uses included, free starts too). */
  orders: z.number().int(),
  gross: z.number().int(),
  refunds: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
});
export type RevenueFigures = z.infer<typeof revenueFigures>;

/** Whose figures a row is: levels 6 and 7 without a chosen vendor read every vendor of the group. */
const vendorOfRow = { vendor_id: z.number().int(), vendor_name: z.string() };

export const earningsMonthRow = revenueFigures.extend({
  ...vendorOfRow,
  month: z.string(),
  source: z.enum(ORDER_SOURCES),
});
export type EarningsMonthRow = z.infer<typeof earningsMonthRow>;

export const shopEarningsRow = revenueFigures.extend({
  ...vendorOfRow,
  day: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
});
export type ShopEarningsRow = z.infer<typeof shopEarningsRow>;

export const deviceRevenueRow = revenueFigures.extend({
  device_id: z.number().int(),
  device_name: z.string(),
  serial_number: z.string(),
  machine_type: z.string(),
  shop_name: z.string().nullable(),
  /** Minutes the machine ran the cycles its orders bought. */
  minutes: z.number().int(),
  /** Net per use, minor units (0 without uses). */
  average_per_use: z.number().int(),
  /** Share of the month's minutes the machine was not running a cycle, 0..1. */
  idle_share: z.number(),
});
export type DeviceRevenueRow = z.infer<typeof deviceRevenueRow>;

/**
 * Other income (income_other): money received for balances, apart from machine revenue — top-ups in
 * the member app, at the counter (a card's add_value) and at machines (remote card issue and top-up).
 * Spending those balances at machines is machine revenue by its source; the two are never added.
 */
export const OTHER_INCOME_CHANNELS = ["app", "counter", "machine"] as const;
export const otherIncomeRow = z.object({
  ...vendorOfRow,
  day: z.string(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  currency: z.string(),
  /** How many top-ups. */
  count: z.number().int(),
  app: z.number().int(),
  counter: z.number().int(),
  machine: z.number().int(),
  total: z.number().int(),
});
export type OtherIncomeRow = z.infer<typeof otherIncomeRow>;

const usesRow = { uses: z.number().int(), minutes: z.number().int() };

export const consumptionResult = z.object({
  by_type: z.array(z.object({ machine_type: z.string(), ...usesRow })),
  by_program: z.array(z.object({ program: z.string(), ...usesRow })),
  by_shop: z.array(z.object({ shop_id: z.number().int().nullable(), shop_name: z.string().nullable(), ...usesRow })),
  by_hour: z.array(z.object({ hour: z.number().int(), ...usesRow })),
});
export type ConsumptionResult = z.infer<typeof consumptionResult>;

export const shopAnalysisResult = z.object({
  currency: z.string(),
  /** The vendor's today, which the windows below end on. */
  today: z.string(),
  /** The five shops with the most net revenue over the past month. */
  top_shops: z.array(revenueFigures.extend({ shop_id: z.number().int().nullable(), shop_name: z.string().nullable() })),
  /** Revenue of each of the past five years (this one so far). */
  years: z.array(revenueFigures.extend({ year: z.number().int() })),
  /** Every shop over the past month: its figures, machines and net per machine. */
  shops: z.array(
    revenueFigures.extend({
      shop_id: z.number().int().nullable(),
      shop_name: z.string().nullable(),
      devices: z.number().int(),
      net_per_device: z.number().int(),
    }),
  ),
  /** Uses by ISO weekday (1 Monday … 7 Sunday) and hour over the past three months, of one shop or all. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), uses: z.number().int() })),
});
export type ShopAnalysis = z.infer<typeof shopAnalysisResult>;

export const dashboardRevenueResult = z.object({
  vendors: z.array(
    z.object({
      ...vendorOfRow,
      today_date: z.string(),
      today: revenueFigures,
      month: revenueFigures,
      /** The past 30 days, oldest first, every day present. */
      trend: z.array(revenueFigures.extend({ day: z.string() })),
    }),
  ),
});
export type DashboardRevenue = z.infer<typeof dashboardRevenueResult>;

export const dashboardShopsResult = z.object({
  items: z.array(
    revenueFigures.extend({
      ...vendorOfRow,
      shop_id: z.number().int().nullable(),
      shop_name: z.string().nullable(),
      today_net: z.number().int(),
    }),
  ),
});
export type DashboardShops = z.infer<typeof dashboardShopsResult>;

export const ATTENTION_KINDS = ["fault", "offline", "expiring"] as const;

export const dashboardDevicesResult = z.object({
  states: z.object({
    online: z.number().int(),
    /** Not known to be online; `unknown` of them after the broker was away, until they speak. */
    offline: z.number().int(),
    unknown: z.number().int(),
    busy: z.number().int(),
    fault: z.number().int(),
  }),
  /** Machines that need someone: faulted, offline, or a subscription ending within 30 days. */
  attention: z.array(
    z.object({
      device_id: z.number().int(),
      device_name: z.string(),
      serial_number: z.string(),
      shop_name: z.string().nullable(),
      /** The console reads a fault's code by the machine's type (its fault catalogue). */
      machine_type: z.string(),
      kind: z.enum(ATTENTION_KINDS),
      detail: z.string().nullable(),
      since: z.number().int().nullable(),
    }),
  ),
});
export type DashboardDevices = z.infer<typeof dashboardDevicesResult>;

/** Spec §7 "Revenue", "Data_center" and "Dashboard v3": every figure from the daily rollups. */
export const revenueEndpoints = {
  earningsMonth: endpoint({
    method: "POST",
    path: "/api/v3/Revenue/get_vendor_earnings_month",
    summary: "Earnings by month and payment source (income_total)",
    access: { kind: "session", levels: ALL, permission: "reve_total" },
    body: monthRange,
    result: z.object({ items: z.array(earningsMonthRow) }),
    mutates: false,
  }),
  shopEarnings: endpoint({
    method: "POST",
    path: "/api/v3/Revenue/get_shop_realtime_earnings_by_date",
    summary: "Each shop's earnings by date, today's included (income_shop)",
    access: { kind: "session", levels: ALL, permission: "reve_shop" },
    body: dayRange,
    result: z.object({ items: z.array(shopEarningsRow) }),
    mutates: false,
  }),
  otherIncome: endpoint({
    method: "POST",
    path: "/api/v3/Revenue/get_shop_others_earnings_by_date",
    summary: "Other income by shop and date: top-ups in the app, at the counter and at machines (income_other)",
    access: { kind: "session", levels: ALL, permission: "reve_other" },
    body: dayRange,
    result: z.object({ items: z.array(otherIncomeRow) }),
    mutates: false,
  }),
  deviceRevenue: endpoint({
    method: "POST",
    path: "/api/v3/Revenue/get_device_revenue_month",
    summary: "Revenue, uses, average per use and idle share of each machine in a month (income_device)",
    access: { kind: "session", levels: VENDOR, permission: "reve_device" },
    body: z.object({ month: calendarMonth, shop_id: recordId.optional() }),
    result: z.object({ items: z.array(deviceRevenueRow) }),
    mutates: false,
  }),
  consumption: endpoint({
    method: "POST",
    path: "/api/v3/Revenue/get_consumption_statistics",
    summary: "Machine uses by type, program, shop and hour (expend)",
    access: { kind: "session", levels: ALL, permission: "reve_usage" },
    body: dayRange,
    result: consumptionResult,
    mutates: false,
  }),
  shopAnalysis: endpoint({
    method: "POST",
    path: "/api/v3/Data_center/get_shop_analysis_report",
    summary: "Top 5 shops of the past month, five years of revenue, the shop analysis and the use heatmap",
    access: { kind: "session", levels: VENDOR, permission: "dc_statistic" },
    body: z.object({ shop_id: recordId.optional() }),
    result: shopAnalysisResult,
    mutates: false,
  }),
  dashboardRevenue: endpoint({
    method: "POST",
    path: "/api/v3/Dashboard/get_revenue_list",
    summary: "Today, this month and the past 30 days, per vendor in its own currency",
    access: { kind: "session", levels: ALL, permission: "console" },
    body: z.object({}),
    result: dashboardRevenueResult,
    mutates: false,
  }),
  dashboardShops: endpoint({
    method: "POST",
    path: "/api/v3/Dashboard/get_shop_list",
    summary: "Shops ranked by this month's net revenue, with today's",
    access: { kind: "session", levels: ALL, permission: "console" },
    body: z.object({}),
    result: dashboardShopsResult,
    mutates: false,
  }),
  dashboardDevices: endpoint({
    method: "POST",
    path: "/api/v3/Dashboard/get_device_list",
    summary: "Machines by state and the ones that need attention",
    access: { kind: "session", levels: ALL, permission: "console" },
    body: z.object({}),
    result: dashboardDevicesResult,
    mutates: false,
  }),
} as const;
