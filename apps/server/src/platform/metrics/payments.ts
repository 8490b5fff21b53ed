import { Counter, type Registry } from "prom-client";

/**
 * How a provider's word on a payment was recorded (modules/orders/payments.ts `recordPayment`):
 * paid; refused (the amount or currency is not the order's: it stays unpaid); paid after its close
 * (kept and refunded at once, the machine not started). A repeated or late word that changes nothing
 * is not counted.
 */
export type PaymentOutcome = "paid" | "refused" | "paid_after_close";

/** How a refund ended (succeeded, or failed: the provider refused it, or it could not be delivered). */
export type RefundOutcome = "succeeded" | "failed";

/** Payments and refunds by provider (the order's source: `wechatpay`, `sandbox`, `balance`, …) and outcome. */
export class PaymentMetrics {
  readonly payments: Counter<"provider" | "outcome">;
  readonly refunds: Counter<"provider" | "outcome">;

  constructor(registry: Registry) {
    this.payments = new Counter({
      name: "washboard_payments_total",
      help: "Payments recorded from a provider's word, by provider and outcome (paid, refused, paid_after_close)",
      labelNames: ["provider", "outcome"],
      registers: [registry],
    });
    this.refunds = new Counter({
      name: "washboard_refunds_total",
      help: "Refunds that ended, by provider and outcome (succeeded, failed)",
      labelNames: ["provider", "outcome"],
      registers: [registry],
    });
  }

  /** A payment was recorded (null: nothing changed, nothing counted). */
  paymentRecorded(provider: string, outcome: PaymentOutcome | null): void {
    if (outcome !== null) this.payments.labels(provider, outcome).inc();
  }

  /** A refund ended (null: it had already ended, nothing counted). */
  refundEnded(provider: string, outcome: RefundOutcome | null): void {
    if (outcome !== null) this.refunds.labels(provider, outcome).inc();
  }
}
