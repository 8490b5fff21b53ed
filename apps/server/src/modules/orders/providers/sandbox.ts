import type { ProviderAdapter } from "./adapter.js";

/** Where the sandbox's own checkout page is (served by our server, beside the pay pages). */
export const SANDBOX_CHECKOUT_PATH = "/pay/sandbox/";

/**
 * Our own provider for demonstrations and tests: its checkout is a page of ours where the customer
 * presses "Pay", which completes the payment through the same path a provider's notification takes;
 * its refunds succeed at once. No outside service is involved, so nothing here needs a base URL.
 */
export const sandbox: ProviderAdapter = {
  id: "sandbox",
  defaultBaseUrl: "",
  async startPayment(_call, request) {
    return {
      kind: "redirect",
      url: `${SANDBOX_CHECKOUT_PATH}${encodeURIComponent(request.orderNo)}`,
      providerRef: null,
    };
  },
  async refund(_call, request) {
    return { state: "succeeded", refundId: `SBX${request.refundNo}` };
  },
};
