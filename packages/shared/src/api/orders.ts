import { z } from "zod";
import type { PermissionLeafKey } from "../access/permissions.js";
import { findRoute } from "../access/routes.js";
import { EXPORT_FORMATS } from "../export/export-formats.js";
import { ORDER_SOURCES, type OrderSource } from "../payments/order-sources.js";
import { ORDER_SCREEN_PROVIDERS, type OrderProviderId } from "../payments/providers.js";
import { endpoint, type LogLabel } from "./contract.js";
import { epochSeconds, languageCode, recordId } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { priceExplanation } from "./promotions.js";

const VENDOR = [3, 4] as const;

/** Spec §4: an order is unpaid or paid; a refund is none, under way, or done with a result. */
export const PAY_STATUSES = ["unpaid", "paid"] as const;
export const REFUND_STATUSES = ["none", "refunding", "refunded"] as const;
export const REFUND_RESULTS = ["success", "failure"] as const;
/** Manual: an operator asked (refund_by_vendor); automatic: a paid start that failed gave the money back. */
export const REFUND_TYPES = ["manual", "automatic"] as const;
export const REFUND_STATES = ["refunding", "succeeded", "failed"] as const;

/** Spec §3 Orders, with where the order came from. Amounts in the currency's minor unit. */
export const orderItem = z.object({
  id: z.number().int(),
  order_no: z.string(),
  trade_no: z.string().nullable(),
  transaction_id: z.string().nullable(),
  merchant_order_no: z.string().nullable(),
  pay_unique_no: z.string(),
  source: z.enum(ORDER_SOURCES),
  /** Spec §6 payment-type code. */
  pay_type: z.string(),
  start_type: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  pay_status: z.enum(PAY_STATUSES),
  paid_at: z.number().int().nullable(),
  /**
   * When an unpaid payment was closed (the customer cancelled, or it lapsed): it can no longer be
   * paid here nor at the provider. Null for every other order.
   */
  closed_at: z.number().int().nullable(),
  refund_status: z.enum(REFUND_STATUSES),
  refund_result: z.enum(REFUND_RESULTS).nullable(),
  refund_type: z.enum(REFUND_TYPES).nullable(),
  refund_id: z.string().nullable(),
  /** What has been given back (refunds that succeeded or are under way). */
  refund_amount: z.number().int(),
  refund_time: z.number().int().nullable(),
  /** Why the last refund failed, or why the paid start failed. */
  failure_reason: z.string().nullable(),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  device_id: z.number().int().nullable(),
  device_name: z.string().nullable(),
  serial_number: z.string().nullable(),
  member_id: z.number().int().nullable(),
  card_number: z.string().nullable(),
  program: z.string().nullable(),
  /** Why it cost what it did (list price, each adjustment with its rule); null: not priced online. */
  pricing: priceExplanation.nullable(),
  created_at: z.number().int(),
});
export type OrderItem = z.infer<typeof orderItem>;

const searchText = z.string().trim().max(64, { error: "validation.tooLong" });

/** The filters of every order screen (spec §7 "Orders"); dates are in the vendor's zone on the console. */
export const orderListFilters = {
  from: epochSeconds.optional(),
  to: epochSeconds.optional(),
  shop_id: recordId.optional(),
  device_id: recordId.optional(),
  pay_status: z.enum(PAY_STATUSES).optional(),
  refund_status: z.enum(REFUND_STATUSES).optional(),
  /** An order, trade or transaction number, whole or its beginning. */
  search: searchText.optional(),
};
export const orderListRequest = listRequest(orderListFilters);
/** An order screen's filters: its list call's payload without paging. */
export type OrderListFilters = Partial<{ [K in keyof typeof orderListFilters]: z.input<(typeof orderListFilters)[K]> }>;

/** The filtered orders' sums, on the first page (the next pages carry the same filter). */
export const orderTotals = z.object({
  count: z.number().int(),
  paid_amount: z.number().int(),
  refunded_amount: z.number().int(),
  currency: z.string(),
});
export type OrderTotals = z.infer<typeof orderTotals>;
export const orderListResult = listResult(orderItem).extend({ totals: orderTotals.nullable() });

/** An order screen's export: its filters, the file's format and the language its headers and states are in. */
export const orderExportRequest = z.object({
  ...orderListFilters,
  format: z.enum(EXPORT_FORMATS, { error: "validation.invalid" }),
  language: languageCode,
});
/** A download's `result`: the file itself, which the JSON envelope never carries. */
export const downloadedFile = z.string().describe("the file, streamed");

export const refundItem = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  refund_no: z.string(),
  amount: z.number().int(),
  state: z.enum(REFUND_STATES),
  type: z.enum(REFUND_TYPES),
  reason: z.string(),
  failure_reason: z.string().nullable(),
  created_at: z.number().int(),
  finished_at: z.number().int().nullable(),
});
export type RefundItem = z.infer<typeof refundItem>;

export const REFUND_REASON_MAX = 80;
export const refundRequest = z.object({
  order_id: recordId,
  /** Minor units; at most what is left of the order. */
  amount: z
    .number({ error: "validation.required" })
    .int({ error: "orders.refund.amountInvalid" })
    .min(1, { error: "orders.refund.amountInvalid" })
    .max(2_147_483_647, { error: "orders.refund.amountInvalid" }),
  reason: z.string().trim().max(REFUND_REASON_MAX, { error: "validation.tooLong" }).default(""),
  /**
   * One per refund the operator means (the console makes one each time its refund dialog opens): the
   * same key again — a double click, a retry after a lost answer — is the same refund, answered again;
   * another key is another refund, within what is left. Without a key every request is a refund.
   */
  idempotency_key: z.string().uuid({ error: "validation.invalid" }).optional(),
});
export const refundResult = z.object({ refund: refundItem, order: orderItem });

export const orderByIdRequest = z.object({ order_id: recordId });
export const payUniqueNoRequest = z.object({
  pay_unique_no: z.string().trim().min(1, { error: "validation.required" }).max(64, { error: "validation.tooLong" }),
});

/**
 * Each order screen's list call (spec §7: get_free_start_orders, get_user_account_orders,
 * get_user_card_orders, and one per provider), with the v_order key it needs.
 */
interface OrderScreen {
  source: OrderSource;
  route: string;
  /** The call's name: /api/Order/<call>. */
  call: string;
  /** The screen's own v_order leaf: its list, its export and its refunds need it. */
  permission: PermissionLeafKey;
}
/** The spec's short names of the providers' list calls (wx for WeChat Pay, rm for Revenue Monster). */
const CALL_NAMES: Partial<Record<OrderProviderId, string>> = { wechatpay: "wx", rmpay: "rm" };

export const ORDER_SCREENS: readonly OrderScreen[] = [
  { source: "free_start", route: "/order/freestart", call: "get_free_start_orders", permission: "order_freestart" },
  {
    source: "mem_account",
    route: "/order/mem_account",
    call: "get_user_account_orders",
    permission: "order_mem_account",
  },
  { source: "mem_card", route: "/order/mem_card", call: "get_user_card_orders", permission: "order_mem_card" },
  ...ORDER_SCREEN_PROVIDERS.map((p) => ({
    source: p.id,
    route: p.orders.route,
    call: `get_${CALL_NAMES[p.id] ?? p.id}_orders`,
    permission: p.orders.permission,
  })),
];

function listCall(screen: OrderScreen) {
  return endpoint({
    method: "POST",
    path: `/api/Order/${screen.call}`,
    summary: `Orders of the source "${screen.source}", newest first, by date, shop, device, status and number, with totals`,
    access: { kind: "session", levels: VENDOR, permission: screen.permission },
    body: orderListRequest,
    result: orderListResult,
    mutates: false,
  });
}

function exportCall(screen: OrderScreen) {
  return endpoint({
    method: "POST",
    path: `/api/Order/${screen.call}/export`,
    summary: `Every order of the source "${screen.source}" that the filter matches, as an Excel, CSV or HTML file written while it downloads`,
    access: { kind: "session", levels: VENDOR, permission: screen.permission },
    body: orderExportRequest,
    result: downloadedFile,
    mutates: false,
    download: true,
  });
}

function refundCall(path: string, provider: string, permission: PermissionLeafKey, log: LogLabel) {
  return endpoint({
    method: "POST",
    path,
    summary: `Refunds a same-day ${provider} order, whole or in part, exactly once (spec §7 refund_by_vendor)`,
    access: { kind: "session", levels: VENDOR, permission },
    body: refundRequest,
    result: refundResult,
    mutates: true,
    log,
  });
}

function checkCall(path: string, provider: string, permission: PermissionLeafKey, log: LogLabel) {
  return endpoint({
    method: "POST",
    path,
    summary: `Asks ${provider} for an order's state and records what it says (spec §7 check_order)`,
    access: { kind: "session", levels: VENDOR, permission },
    body: orderByIdRequest,
    result: orderItem,
    mutates: true,
    log,
  });
}

/** The registry is domain → call name → contract, so the list calls sit beside the others as `list_<source>`. */
const lists = Object.fromEntries(ORDER_SCREENS.map((s) => [`list_${s.source}`, listCall(s)])) as Record<
  `list_${OrderSource}`,
  ReturnType<typeof listCall>
>;

const exports = Object.fromEntries(ORDER_SCREENS.map((s) => [`export_${s.source}`, exportCall(s)])) as Record<
  `export_${OrderSource}`,
  ReturnType<typeof exportCall>
>;

/**
 * The calls that find an order whatever its screen: a level-4 account needs one of the screens'
 * leaves, and is answered only the orders of the screens it holds (others are not found).
 */
const ANY_ORDER_SCREEN = { oneOf: ORDER_SCREENS.map((s) => s.permission) };

export const orderEndpoints = {
  ...lists,
  ...exports,
  byPayUniqueNo: endpoint({
    method: "POST",
    path: "/api/Order/get_order_by_pay_unique_no",
    summary: "One order by its pay unique number, among the sources the account may see",
    access: { kind: "session", levels: VENDOR, permission: ANY_ORDER_SCREEN },
    body: payUniqueNoRequest,
    result: orderItem,
    mutates: false,
  }),
  refunds: endpoint({
    method: "POST",
    path: "/api/Order/get_order_refunds",
    summary: "Every refund of one order of a source the account may see, newest first",
    access: { kind: "session", levels: VENDOR, permission: ANY_ORDER_SCREEN },
    body: orderByIdRequest,
    result: z.object({ items: z.array(refundItem) }),
    mutates: false,
  }),
  refundWechat: refundCall("/api/Order/wx/refund_by_vendor", "WeChat Pay", "wechat", "orders.refundWechat"),
  refundAlipay: refundCall("/api/Order/alipay/refund_by_vendor", "Alipay", "alipay", "orders.refundAlipay"),
  refundSandbox: refundCall("/api/Order/sandbox/refund_by_vendor", "sandbox", "order_sandbox", "orders.refundSandbox"),
  checkQris: checkCall("/api/Order/qris/check_order", "QRIS", "qris", "orders.checkQris"),
  checkFomo: checkCall("/api/Order/fomo/check_order", "FOMO", "fomo", "orders.checkFomo"),
} as const;

/** The list call of an order screen's source. */
export function orderListCall(source: OrderSource) {
  return orderEndpoints[`list_${source}`];
}

/** The title of an order screen (its route's), which its export's sheet and file are named after too. */
export function orderScreenTitleKey(source: OrderSource): string {
  const route = ORDER_SCREENS.find((s) => s.source === source)?.route ?? "";
  return findRoute(route)?.titleKey ?? "menu.order";
}

/** The export call of an order screen's source. */
export function orderExportCall(source: OrderSource) {
  return orderEndpoints[`export_${source}`];
}

/** The sources whose orders an operator may refund (spec §7 refund_by_vendor), and their calls: the one list. */
export const REFUND_CALLS = {
  wechatpay: "refundWechat",
  alipay: "refundAlipay",
  sandbox: "refundSandbox",
} as const satisfies Partial<Record<OrderProviderId, keyof typeof orderEndpoints>>;
export type RefundableSource = keyof typeof REFUND_CALLS;
export const isRefundable = (source: string): source is RefundableSource => source in REFUND_CALLS;

/** The sources whose orders the provider is asked about (spec §7 check_order), and their calls. */
export const CHECK_CALLS = {
  qris: "checkQris",
  fomo: "checkFomo",
} as const satisfies Partial<Record<OrderProviderId, keyof typeof orderEndpoints>>;
export type CheckableSource = keyof typeof CHECK_CALLS;
export const isCheckable = (source: string): source is CheckableSource => source in CHECK_CALLS;
