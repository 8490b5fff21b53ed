import { z } from "zod";
import { ORDER_PROVIDER_IDS, type OrderProviderId } from "../payments/providers.js";
import { payAnnouncement } from "./announcements.js";
import { endpoint } from "./contract.js";
import { epochSeconds, recordId } from "./fields.js";
import { PAY_STATUSES, REFUND_STATUSES } from "./orders.js";
import { priceAdjustment, priceExplanation } from "./promotions.js";

/**
 * The customer's side of a pay QR code (`/pay/qr/<code>`) or a machine's own sticker
 * (`/pay/d/<serial>`): public calls, no session. They show only what a customer standing in the
 * shop may see — the shop, its machines' state and prices — and take payments through the
 * providers the vendor switched on.
 */
const PUBLIC = { kind: "public" } as const;

/**
 * Where the customer came from: a pay QR code's token, a machine's serial number, or an invitation
 * link's code (`/m/invite/<code>`) — exactly one. An invitation names a vendor but no shop, so it
 * serves the member app's registration and sign-in only (the pay page and payments refuse it).
 */
export const payPlace = z
  .object({
    code: z.string().trim().min(1).max(32).optional(),
    serial: z.string().trim().min(1).max(64).optional(),
    invite: z.string().trim().min(1).max(16).optional(),
  })
  .refine((v) => [v.code, v.serial, v.invite].filter((part) => part !== undefined).length === 1, {
    error: "validation.invalid",
    path: ["code"],
  });

export const payProgram = z.object({
  /** Empty: the template's own program; otherwise the option's name. */
  option: z.string(),
  name: z.string(),
  /** What it costs now, before a provider's discount: `list_price` with `adjustments` applied. */
  price: z.number().int(),
  minutes: z.number().int(),
  /** The price template's price. */
  list_price: z.number().int(),
  /** Why `price` differs from it (time-of-day price, promotion), in the order they apply. */
  adjustments: z.array(priceAdjustment),
});
export type PayProgram = z.infer<typeof payProgram>;

/** `reserved`: another customer is paying for it right now (the machine is held for their payment). */
export const MACHINE_STATES = ["idle", "reserved", "busy", "offline", "fault"] as const;

export const payMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  machine_number: z.string(),
  machine_type: z.string(),
  state: z.enum(MACHINE_STATES),
  programs: z.array(payProgram),
});
export type PayMachine = z.infer<typeof payMachine>;

export const payPage = z.object({
  shop_name: z.string(),
  shop_address: z.string(),
  currency: z.string(),
  providers: z.array(z.enum(ORDER_PROVIDER_IDS as [OrderProviderId, ...OrderProviderId[]])),
  /** Percent off a payment through a provider (the vendor's pay discounts), by provider; absent: none. */
  discounts: z.record(z.string(), z.number().int()),
  machines: z.array(payMachine),
  /**
   * The shop's running announcements (switched on, in their period, for every shop or naming this
   * one), newest first, at most ANNOUNCEMENT_LIMITS.shownPerPage: the page shows the newest its
   * browser has not shown yet.
   */
  announcements: z.array(payAnnouncement),
});
export type PayPage = z.infer<typeof payPage>;

export const createPaymentRequest = z.object({
  place: payPlace,
  device_id: recordId,
  /** "" for the template's own program, else one of its options. */
  option: z.string().max(64).default(""),
  provider: z.enum(ORDER_PROVIDER_IDS as [OrderProviderId, ...OrderProviderId[]], { error: "validation.invalid" }),
});

export const paymentStart = z.object({
  order_no: z.string(),
  kind: z.enum(["redirect", "qr"]),
  /** The page to go to (redirect) or what the QR code carries (qr). */
  target: z.string(),
});

/** How a paid start went, as the customer sees it. */
export const START_STATES = ["waiting", "starting", "started", "failed"] as const;

export const paymentStatus = z.object({
  order_no: z.string(),
  provider: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  program: z.string(),
  machine_name: z.string(),
  pay_status: z.enum(PAY_STATUSES),
  start: z.enum(START_STATES),
  refund_status: z.enum(REFUND_STATUSES),
  refund_amount: z.number().int(),
  /** Until when the machine is held for this payment and the provider takes it (null: no expiry). */
  expires_at: epochSeconds.nullable(),
  /** The payment was cancelled or lapsed unpaid: it can no longer be paid. */
  closed: z.boolean(),
  /** Why it costs `amount`: the list price and each adjustment with its reason. */
  pricing: priceExplanation.nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatus>;

export const orderNoRequest = z.object({ order_no: z.string().trim().min(1).max(32) });

export const payEndpoints = {
  page: endpoint({
    method: "POST",
    path: "/api/Pay/get_pay_page",
    summary: "The shop, machines, prices and payment ways of a pay QR code or a machine's sticker (public)",
    access: PUBLIC,
    body: payPlace,
    result: payPage,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Pay/create_payment",
    summary:
      "Starts a customer's payment for a machine's program at a provider: an unpaid order and where to pay it (public)",
    access: PUBLIC,
    body: createPaymentRequest,
    result: paymentStart,
    mutates: true,
    log: "pay.create",
  }),
  status: endpoint({
    method: "POST",
    path: "/api/Pay/get_payment",
    summary: "Where a customer's payment and its machine's start stand (public, by order number)",
    access: PUBLIC,
    body: orderNoRequest,
    result: paymentStatus,
    mutates: false,
  }),
  cancel: endpoint({
    method: "POST",
    path: "/api/Pay/cancel_payment",
    summary:
      "The customer gives up an unpaid payment: it is closed here and at the provider, and the machine is free again (public)",
    access: PUBLIC,
    body: orderNoRequest,
    result: paymentStatus,
    mutates: true,
    log: "pay.cancel",
  }),
  sandboxPay: endpoint({
    method: "POST",
    path: "/api/Pay/sandbox_pay",
    summary: "Completes a payment of the demonstration sandbox provider, as its notification would (public)",
    access: PUBLIC,
    body: orderNoRequest,
    result: paymentStatus,
    mutates: true,
    log: "pay.sandboxPay",
  }),
} as const;
