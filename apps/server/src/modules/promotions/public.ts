/** The public face of the promotions module: all another module may import of it (src/architecture.test.ts checks). */

export type { Coupon as PricedCoupon } from "./engine.js";
export type { GiftCounter, MemberPromotion } from "./gifts.js";
export { coversShop, largestGift, promotionGiftCounters, runningMemberPromotions, topUpBonusOf } from "./gifts.js";
export type { PageRules, PriceRequest, PricingRules } from "./pricing.js";
export { NO_RULES, pageRulesOf, priceOf, priceWith, rulesOf } from "./pricing.js";
