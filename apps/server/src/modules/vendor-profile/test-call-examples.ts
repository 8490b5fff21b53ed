import { API } from "@washboard/shared";
import { callExamples } from "../../test/call-examples.js";

/** Calls of the vendor-profile domain that succeed, for the tests generated from the registry. */
export const examples = callExamples(API.vendorProfile, {
  modifyContact: async () => ({ body: { phone: "+60 3-0000 0000", home_page: "https://example.test" } }),
  modifyPaymentInfo: async () => ({
    body: { provider: "pocket", enabled: false, fields: { merchant_id: "M-1", api_key: "pk_secret_value" } },
  }),
  modifyPayDiscounts: async () => ({ body: { discounts: [{ provider: "fomo", discount: 5 }] } }),
});
