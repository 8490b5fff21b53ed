import type { OrderItem } from "@washboard/shared";
import { i18next } from "../../app/i18n";

const t = (key: string) => i18next.t(key);

/** Spec §4 payment state in the interface language, with its tag colour. */
export function payStatusLabel(order: Pick<OrderItem, "pay_status">): { text: string; color: string } {
  return order.pay_status === "paid"
    ? { text: t("orders.payStatus.paid"), color: "green" }
    : { text: t("orders.payStatus.unpaid"), color: "default" };
}

/** Spec §4 refund state, with its result once it has one. */
export function refundStatusLabel(order: Pick<OrderItem, "refund_status" | "refund_result">): {
  text: string;
  color: string;
} {
  if (order.refund_status === "none") return { text: t("orders.refundStatus.none"), color: "default" };
  if (order.refund_status === "refunding") return { text: t("orders.refundStatus.refunding"), color: "blue" };
  return order.refund_result === "failure"
    ? { text: t("orders.refundStatus.failed"), color: "red" }
    : { text: t("orders.refundStatus.refunded"), color: "orange" };
}
