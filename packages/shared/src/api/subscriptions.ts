import { z } from "zod";
import { MACHINE_TYPES } from "../devices/machine-types.js";
import { endpoint } from "./contract.js";
import { recordId } from "./fields.js";
import { listRequest, listResult } from "./list.js";

/**
 * Device subscriptions (spec §2 /subscribe/subscribe and /subscribe/orders, §3 Subscription order,
 * §4 subscription states, §7 "Data charge v3"): every machine has an end date; the vendor renews
 * machines by the year through an order paid to the platform with PayPal. docs/subscriptions-design.md.
 */

/**
 * Levels 3 and 4; spec §2 names no key for the subscription screens: a sub-account needs the merchant's
 * own business with the platform's key, vendor_info (v_vendor), as for the vendor profile.
 */
const VENDOR_SESSION = { kind: "session", levels: [3, 4], permission: "vendor_info" } as const;

/** Days before the end date from which a machine is "expiring" (the warning dialog counts it). */
export const SUBSCRIPTION_WARNING_DAYS = 30;
/**
 * Days after the end date in which an expired machine is still remote-controlled as before. After
 * them the console's commands to it are refused (SUBSCRIPTION_EXPIRED); customers' payments and the
 * machine's own reports never are, and a running cycle is never stopped.
 */
export const SUBSCRIPTION_GRACE_DAYS = 7;
/** Renewal years one order may buy for its machines. */
export const SUBSCRIPTION_YEARS = { min: 1, max: 5 } as const;
/** Machines in one order. */
export const SUBSCRIPTION_ORDER_MAX_DEVICES = 500;

export const SUBSCRIPTION_DEVICE_STATES = ["active", "expiring", "expired"] as const;
export type SubscriptionDeviceState = (typeof SUBSCRIPTION_DEVICE_STATES)[number];
/** The renewal screen's tabs: every machine, or those in one state. */
export const SUBSCRIPTION_FILTERS = ["all", "expiring", "expired"] as const;

/** unpaid → paying (a PayPal order made, the operator sent to approve) → paid. */
export const SUBSCRIPTION_ORDER_STATES = ["unpaid", "paying", "paid"] as const;
export type SubscriptionOrderState = (typeof SUBSCRIPTION_ORDER_STATES)[number];

export const subscriptionDevicesRequest = listRequest({
  state: z.enum(SUBSCRIPTION_FILTERS, { error: "validation.invalid" }).default("all"),
  /** Part of the serial or the name, case-insensitive. */
  keyword: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
});

export const subscriptionDevice = z.object({
  device_id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  machine_type: z.enum(MACHINE_TYPES),
  shop_name: z.string().nullable(),
  /** Epoch seconds; null: the machine has no end date yet (a renewal counts from today). */
  expires_at: z.number().int().nullable(),
  state: z.enum(SUBSCRIPTION_DEVICE_STATES),
  /** Past the grace period: the console's commands to the machine are refused until it is renewed. */
  locked: z.boolean(),
});
export type SubscriptionDevice = z.infer<typeof subscriptionDevice>;

export const subscriptionDeviceCounts = z.object({
  all: z.number().int(),
  expiring: z.number().int(),
  expired: z.number().int(),
});
export type SubscriptionDeviceCounts = z.infer<typeof subscriptionDeviceCounts>;

export const subscriptionYears = z
  .number({ error: "validation.renewalYears" })
  .int({ error: "validation.renewalYears" })
  .min(SUBSCRIPTION_YEARS.min, { error: "validation.renewalYears" })
  .max(SUBSCRIPTION_YEARS.max, { error: "validation.renewalYears" });

export const subscriptionOrderCreateRequest = z.object({
  device_ids: z
    .array(recordId)
    .min(1, { error: "validation.noDevices" })
    .max(SUBSCRIPTION_ORDER_MAX_DEVICES, { error: "validation.tooManyRenewalDevices" })
    .transform((ids) => [...new Set(ids)]),
  years: subscriptionYears,
});
export type SubscriptionOrderCreateRequest = z.input<typeof subscriptionOrderCreateRequest>;

export const subscriptionOrderIdRequest = z.object({ id: recordId });

export const subscriptionOrderItem = z.object({
  id: z.number().int(),
  order_number: z.string(),
  state: z.enum(SUBSCRIPTION_ORDER_STATES),
  currency: z.string(),
  /** One machine-year when the order was made, in the currency's minor units. */
  unit_price: z.number().int(),
  years: z.number().int(),
  device_count: z.number().int(),
  /** device_count × years × unit_price, minor units. */
  amount: z.number().int(),
  created_at: z.number().int(),
  paid_at: z.number().int().nullable(),
});
export type SubscriptionOrderItem = z.infer<typeof subscriptionOrderItem>;

export const subscriptionOrderLine = z.object({
  device_id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  shop_name: z.string().nullable(),
  /** The machine's end date now (epoch seconds). */
  expires_at: z.number().int().nullable(),
  /** Once paid: its end date before and after this order. */
  expires_before: z.number().int().nullable(),
  expires_after: z.number().int().nullable(),
});
export type SubscriptionOrderLine = z.infer<typeof subscriptionOrderLine>;

export const subscriptionOrderDetails = subscriptionOrderItem.extend({
  lines: z.array(subscriptionOrderLine),
  /** The platform (the seller), as its administrator set it ("" where nothing is set). */
  seller: z.object({
    name: z.string(),
    address: z.string(),
    email: z.string(),
    phone: z.string(),
    website: z.string(),
  }),
  /** The vendor (the customer): its name, contact person and phone from its profile. */
  buyer: z.object({ name: z.string(), contact: z.string(), phone: z.string() }),
  /** PayPal's capture id once paid, the receipt's payment reference. */
  payment_reference: z.string().nullable(),
});
export type SubscriptionOrderDetails = z.infer<typeof subscriptionOrderDetails>;

export const subscriptionOrdersRequest = listRequest({
  state: z.enum(["paid", "unpaid"], { error: "validation.invalid" }).optional(),
});

export const subscriptionPaymentResult = z.object({
  /** paid: the order was found captured (the machines are extended); paying: approve at approval_url. */
  state: z.enum(SUBSCRIPTION_ORDER_STATES),
  approval_url: z.string().nullable(),
});
export type SubscriptionPaymentResult = z.infer<typeof subscriptionPaymentResult>;

export const subscriptionEndpoints = {
  devices: endpoint({
    method: "POST",
    path: "/api/v3/Datacharge/get_devices_by_subscribe",
    summary:
      "The vendor's machines with their subscription end date and state (all, expiring within 30 days, expired), soonest end first, paged by cursor",
    access: VENDOR_SESSION,
    body: subscriptionDevicesRequest,
    result: listResult(subscriptionDevice),
    mutates: false,
  }),
  deviceCounts: endpoint({
    method: "POST",
    path: "/api/v3/Datacharge/get_device_num_by_vendor_id",
    summary: "How many of the vendor's machines there are in all, expiring and expired (the renewal screen's tabs)",
    access: VENDOR_SESSION,
    body: z.object({}),
    result: subscriptionDeviceCounts,
    mutates: false,
  }),
  createOrder: endpoint({
    method: "POST",
    path: "/api/v3/Datacharge/create_order",
    summary:
      "An unpaid renewal order for machines of the vendor and 1–5 years, priced at the platform's price of a machine-year in the vendor's currency (SUBSCRIPTION_PRICE_MISSING when it has none)",
    access: VENDOR_SESSION,
    body: subscriptionOrderCreateRequest,
    result: subscriptionOrderDetails,
    mutates: true,
    log: "subscriptions.createOrder",
  }),
  orderDetails: endpoint({
    method: "POST",
    path: "/api/v3/Datacharge/get_order_details",
    summary: "One renewal order of the vendor with its machines, and once paid each one's end date before and after",
    access: VENDOR_SESSION,
    body: subscriptionOrderIdRequest,
    result: subscriptionOrderDetails,
    mutates: false,
  }),
  payWithPayPal: endpoint({
    method: "POST",
    path: "/api/v3/Datacharge/pay_order_paypal",
    summary:
      "Starts paying a renewal order with PayPal (Orders v2): answers the approval link; an order already approved and captured answers paid",
    access: VENDOR_SESSION,
    body: subscriptionOrderIdRequest,
    result: subscriptionPaymentResult,
    mutates: true,
    log: "subscriptions.payOrder",
  }),
  orders: endpoint({
    method: "POST",
    path: "/api/v3/Datacharge/get_order_all",
    summary: "The vendor's renewal orders, newest first, paid or unpaid, paged by cursor",
    access: VENDOR_SESSION,
    body: subscriptionOrdersRequest,
    result: listResult(subscriptionOrderItem),
    mutates: false,
  }),
} as const;

/** Where PayPal sends the operator back after approving (outside /api: a browser redirect). */
export const SUBSCRIPTION_PAYPAL_RETURN_PATH = "/subscriptions/paypal/return";
/** Where PayPal posts the platform's webhook events. */
export const SUBSCRIPTION_PAYPAL_WEBHOOK_PATH = "/webhooks/subscriptions/paypal";
