import type { IncomingHttpHeaders } from "node:http";
import type { OrderProviderId } from "@washboard/shared";

/**
 * What the orders domain asks of a payment provider, one adapter file per provider
 * (`providers/<id>.ts`). An adapter speaks the provider's real API — its signing, its formats — to
 * the base URL it is given (the provider's own in production, a fake on loopback in tests) and
 * knows nothing of our tables: the orders service turns what it answers into order changes.
 */

/** A vendor's credential fields for the provider, opened (secrets in plain text), by field name. */
export type Credentials = Readonly<Record<string, string>>;

/** Everything a call to the provider needs besides its own arguments. */
export interface ProviderCall {
  /** Without a trailing slash, e.g. "https://api.mch.weixin.qq.com". */
  baseUrl: string;
  credentials: Credentials;
  /** Our public address (the console's website), for notify and return URLs. */
  publicUrl: string;
  /** Milliseconds before a call is given up (the outbox retries it later). */
  timeoutMs?: number;
}

/** A payment to start at the provider for one of our orders. */
export interface PaymentRequest {
  /** Our order number: the provider's merchant order number (out_trade_no, client reference…). */
  orderNo: string;
  /** Minor units of `currency`. */
  amount: number;
  /** ISO 4217, upper case. */
  currency: string;
  /** What the customer sees (shop, machine, program). */
  description: string;
  /** Where the provider posts its payment notification (our webhook endpoint for this vendor). */
  notifyUrl: string;
  /** Where the customer's browser is sent back to after paying. */
  returnUrl: string;
  /**
   * After this the provider must not take the payment (time_expire, timeout_express, …): the
   * machine is held for the customer until then, and a customer who walked away is never charged.
   */
  expiresAt: Date;
}

/** An unpaid payment we close at the provider (the customer cancelled it, or it lapsed). */
export interface CloseRequest {
  orderNo: string;
  /** What the provider answered when the payment started (Stripe's Checkout Session id), if anything. */
  providerRef: string | null;
  currency: string;
}

/**
 * `closed`: the provider will take no payment for it (or never knew it); `paid`: it was paid before
 * the close arrived, so its payment must be recorded (and given back, the machine's hold being over).
 */
export type CloseOutcome = "closed" | "paid";

/** How the customer pays: a page to go to, or a QR code to scan with the provider's app. */
export type PaymentStart =
  | { kind: "redirect"; url: string; providerRef: string | null }
  | { kind: "qr"; content: string; providerRef: string | null };

export interface RefundRequest {
  /** The order's merchant order number at the provider (what the payment was started with). */
  orderNo: string;
  /** The provider's trade / transaction number of the payment, when known. */
  tradeNo: string | null;
  /** Our refund number: unique per refund, the provider's idempotency key (out_refund_no, out_request_no). */
  refundNo: string;
  /** Minor units. */
  amount: number;
  /** The order's whole amount, minor units (WeChat Pay asks for it). */
  total: number;
  currency: string;
  reason: string;
  notifyUrl: string;
}

/**
 * The provider's answer to a refund. `processing` means it accepted the refund and will say how it
 * ended (a notification or a later query); `failed` is final (a retry cannot help).
 */
export type RefundOutcome =
  | { state: "succeeded"; refundId: string }
  | { state: "processing"; refundId: string }
  | { state: "failed"; reason: string };

/** What the provider says of an order when asked (check_order). */
export interface OrderQueryAnswer {
  paid: boolean;
  tradeNo: string | null;
  /** In our minor units of `currency` (converted from the provider's), when the provider says. */
  amount: number | null;
  /** The currency the provider says was paid. */
  currency: string | null;
  paidAt: Date | null;
}

/** A verified notification, read into what the orders service acts on. */
export type ProviderNotice =
  | {
      kind: "payment";
      /** The provider's id of this notification (what makes a replay recognisable). */
      eventId: string;
      orderNo: string;
      paid: boolean;
      tradeNo: string | null;
      transactionId: string | null;
      /**
       * In our minor units of `currency`, converted from the provider's own; null when it did not
       * say, or said an amount finer than our unit (which is no amount of an order of ours).
       */
      amount: number | null;
      /** The currency the provider says was paid; a payment is an order's only in its currency. */
      currency: string | null;
      paidAt: Date | null;
    }
  | {
      kind: "refund";
      eventId: string;
      refundNo: string;
      succeeded: boolean;
      refundId: string | null;
      reason: string | null;
    }
  /** A verified event we do not act on (another event type): acknowledged, nothing changes. */
  | { kind: "ignored"; eventId: string };

export interface NotificationRequest {
  /** The exact bytes received (signatures are over them). */
  rawBody: Buffer;
  headers: IncomingHttpHeaders;
  /** The vendor's credentials and the provider's base URL (PayPal verifies through an API call). */
  call: ProviderCall;
  /** For signature freshness checks; now when absent. */
  now?: Date;
}

/** What the provider expects back for a notification it may stop sending. */
export interface NotificationAck {
  status: number;
  contentType: string;
  body: string;
}

export interface ProviderAdapter {
  id: OrderProviderId;
  /** The provider's production base URL; PAYMENT_BASE_URL_<ID> overrides it (tests, sandboxes). */
  defaultBaseUrl: string;
  startPayment?(call: ProviderCall, request: PaymentRequest): Promise<PaymentStart>;
  refund?(call: ProviderCall, request: RefundRequest): Promise<RefundOutcome>;
  /** Closes an unpaid payment so it can no longer be paid; a provider without such a call lets it lapse. */
  close?(call: ProviderCall, request: CloseRequest): Promise<CloseOutcome>;
  /** How the order stands; `currency` is the order's (it chooses the provider's API where it has several). */
  query?(call: ProviderCall, orderNo: string, currency: string): Promise<OrderQueryAnswer>;
  /** Checks the signature by the provider's documented scheme; throws WebhookRefused when it fails. */
  verifyNotification?(request: NotificationRequest): Promise<ProviderNotice>;
  /** The answer that tells the provider its notification was received. */
  notificationAck?: NotificationAck;
  /**
   * For a provider that takes the money only when we ask after the customer approved (PayPal's
   * capture): takes it, when the customer is back on our page. Safe to repeat.
   */
  completeApproved?(call: ProviderCall, providerOrderId: string): Promise<ApprovedCompletion>;
}

/** What completing an approved payment did; amount in our minor units of `currency`. */
export interface ApprovedCompletion {
  completed: boolean;
  captureId: string | null;
  amount: number | null;
  currency: string | null;
}

/** A provider call that failed; `retryable` when trying again later may succeed (network, 5xx). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}
