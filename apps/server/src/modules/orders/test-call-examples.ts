import { API, type OrderSource } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";
import type { ExampleKit } from "../../test/example-kit.js";

/** A refund of part of a paid order of the Kuala Lumpur vendor, through `provider`. */
const refund = async (kit: ExampleKit, provider: OrderSource) => ({
  body: { order_id: (await kit.order(provider)).id, amount: 100, reason: "" },
});

/**
 * Calls of the orders domain that succeed, for the tests generated from the registry. A refund is
 * delivered later by the outbox; a check asks the provider fake.
 */
export const examples = callExamples(API.orders, {
  refundWechat: (kit) => refund(kit, "wechatpay"),
  refundAlipay: (kit) => refund(kit, "alipay"),
  refundSandbox: (kit) => refund(kit, "sandbox"),
  // QRIS takes rupiah only: the check is the Jakarta vendor's (the unrelated tenant), of a rupiah order.
  checkQris: async (kit) => {
    const jakarta = await kit.otherTenant();
    const as = jakarta.vendorAdmin.username;
    const fields = { ...kit.restProvider.credentials };
    await kit.made(API.vendorProfile.modifyPaymentInfo, { provider: "qris", enabled: true, fields }, as);
    const order = await kit.order("qris", { paid: false, vendor: jakarta.vendor.id, amount: 25_000, currency: "IDR" });
    return { body: { order_id: order.id }, as };
  },
  checkFomo: async (kit) => {
    const fields = { ...kit.restProvider.credentials };
    await kit.made(API.vendorProfile.modifyPaymentInfo, { provider: "fomo", enabled: true, fields });
    return { body: { order_id: (await kit.order("fomo", { paid: false })).id } };
  },
});
