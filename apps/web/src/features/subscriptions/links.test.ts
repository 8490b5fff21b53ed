import { describe, expect, it } from "vitest";
import { paymentReturnOf, preselectedDeviceIds, receiptOrderId, receiptPath, tabOfPreselection } from "./links";

describe("the renewal screen's preselection link", () => {
  it("takes the machine ids of ?devices=, each once, in order, leaving out what is not an id", () => {
    expect(preselectedDeviceIds("3,1,2")).toEqual([3, 1, 2]);
    expect(preselectedDeviceIds(" 4 , 4,x,-1,0,2.5,,7")).toEqual([4, 7]);
    expect(preselectedDeviceIds("")).toEqual([]);
    expect(preselectedDeviceIds(undefined)).toEqual([]);
  });

  it("opens on the tab holding the preselected machines, expiring first", () => {
    expect(tabOfPreselection([1, 2], [2, 5], [1])).toBe("expiring");
    expect(tabOfPreselection([1], [2, 5], [1])).toBe("expired");
    expect(tabOfPreselection([9], [2], [1])).toBe("all");
    expect(tabOfPreselection([], [2], [1])).toBe("all");
  });
});

describe("the return from PayPal", () => {
  it("reads the result and the order, and nothing from another link", () => {
    expect(paymentReturnOf({ result: "paid", order: "12" })).toEqual({ result: "paid", orderId: 12 });
    expect(paymentReturnOf({ result: "unpaid" })).toEqual({ result: "unpaid", orderId: null });
    expect(paymentReturnOf({ result: "unpaid", order: "abc" })).toEqual({ result: "unpaid", orderId: null });
    expect(paymentReturnOf({ result: "maybe", order: "12" })).toBeNull();
    expect(paymentReturnOf({})).toBeNull();
  });
});

describe("the receipt's link", () => {
  it("names one order by its id", () => {
    expect(receiptOrderId("42")).toBe(42);
    expect(receiptOrderId(receiptPath(42).split("=")[1])).toBe(42);
    expect(receiptOrderId("0")).toBeNull();
    expect(receiptOrderId("4x")).toBeNull();
    expect(receiptOrderId(undefined)).toBeNull();
  });
});
