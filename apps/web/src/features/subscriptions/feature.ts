import type { FeatureDeclaration } from "../../app/feature-contract";

/**
 * Device subscriptions (spec §2 /subscribe): renewing machines by the year, the vendor's renewal
 * orders, and an order's printable receipt (hidden from the menu, opened from the orders).
 */
export const feature: FeatureDeclaration = {
  screens: {
    "/subscribe/subscribe": { load: () => import("./RenewalPage") },
    "/subscribe/orders": { load: () => import("./OrdersPage") },
    "/subscribe/receipt": { load: () => import("./ReceiptPage") },
  },
};
