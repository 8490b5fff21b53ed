import type { ProviderAdapter } from "./adapter.js";
import { signedRestAdapter } from "./signed-rest.js";

/**
 * QRIS: QR payments and check_order queries over the signed JSON REST scheme documented in
 * signed-rest.ts (POST /api/orders, GET /api/orders/{orderNo}; X-Merchant-Id, X-Timestamp, X-Nonce,
 * X-Signature = hex HMAC-SHA256 with the api_key). Credentials: merchant_id, api_key.
 */
export const qris: ProviderAdapter = signedRestAdapter({ id: "qris", defaultBaseUrl: "https://api.qris.id" });
