import type { PaymentStatus } from "@washboard/shared";
import { describe, expect, it } from "vitest";
import { statusText } from "./PayApp";

const t = (key: string) => key;
const status = (overrides: Partial<PaymentStatus>): PaymentStatus => ({
  order_no: "W1",
  provider: "sandbox",
  amount: 700,
  currency: "MYR",
  program: "Wash",
  machine_name: "Washer 1",
  pay_status: "paid",
  start: "started",
  refund_status: "none",
  refund_amount: 0,
  expires_at: null,
  closed: false,
  pricing: null,
  ...overrides,
});

describe("what the customer's page says first", () => {
  it("says the refund, not 'started', once a started cycle's money went back", () => {
    expect(statusText(t, status({ refund_status: "refunded", refund_amount: 700 }))).toBe("refundDone");
    expect(statusText(t, status({ refund_status: "refunding", refund_amount: 700 }))).toBe("refunding");
  });
  it("says the machine failed and the money is (being) given back", () => {
    expect(statusText(t, status({ start: "failed", refund_status: "refunding" }))).toBe("failed");
    expect(statusText(t, status({ start: "failed", refund_status: "refunded" }))).toBe("failedRefunded");
  });
  it("says a closed unpaid payment ended with nothing charged, and an open one waits", () => {
    expect(statusText(t, status({ pay_status: "unpaid", start: "waiting", closed: true }))).toBe("expired");
    expect(statusText(t, status({ pay_status: "unpaid", start: "waiting" }))).toBe("waiting");
  });
  it("says started, or starting, while no money went back", () => {
    expect(statusText(t, status({}))).toBe("started");
    expect(statusText(t, status({ start: "starting" }))).toBe("paid");
  });
});
