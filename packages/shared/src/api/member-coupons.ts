import { z } from "zod";
import { endpoint } from "./contract.js";
import { recordId } from "./fields.js";

/**
 * Coupons given to members (spec §7 get_user_discounts, get_discounts_details, admin_give_discount,
 * get_discount_by_unique_did). The promotions issue defines coupons and adds kinds; these calls give
 * them to members and show what a member holds, whatever the kind.
 */
const VENDOR = [3, 4] as const;

/** What a coupon is worth: a discount rate, or an amount off. Promotions adds more kinds. */
export const COUPON_KINDS = ["discount", "voucher"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
export const MEMBER_COUPON_STATES = ["unused", "used", "expired"] as const;

/** How many members one gift may reach at once. */
export const GIFT_MEMBERS_MAX = 200;

export const couponItem = z.object({
  id: z.number().int(),
  kind: z.enum(COUPON_KINDS),
  name: z.string(),
  /** Percent off (1–99) for a discount coupon. */
  discount_rate: z.number().int().nullable(),
  /** Minor units off for a voucher. */
  amount: z.number().int().nullable(),
  currency: z.string(),
  valid_days: z.number().int(),
});
export type CouponItem = z.infer<typeof couponItem>;

export const memberCouponItem = z.object({
  id: z.number().int(),
  unique_did: z.string(),
  coupon: couponItem,
  member_id: z.number().int(),
  state: z.enum(MEMBER_COUPON_STATES),
  issued_at: z.number().int(),
  expires_at: z.number().int(),
});
export type MemberCouponItem = z.infer<typeof memberCouponItem>;

export const giveCouponRequest = z.object({
  /** Spec §8 "no gift user selected" when empty. */
  member_ids: z
    .array(recordId, { error: "validation.noGiftUser" })
    .min(1, { error: "validation.noGiftUser" })
    .max(GIFT_MEMBERS_MAX, { error: "validation.tooManyMembers" }),
  coupon_id: recordId,
});

export const memberCouponEndpoints = {
  coupons: endpoint({
    method: "POST",
    path: "/api/Account/get_discounts_details",
    summary: "The coupons the vendor can give its members, with what each is worth",
    access: { kind: "session", levels: VENDOR, permission: "mem_query" },
    body: z.object({}),
    result: z.object({ items: z.array(couponItem) }),
    mutates: false,
  }),
  memberCoupons: endpoint({
    method: "POST",
    path: "/api/Account/get_user_discounts",
    summary: "The coupons a member holds, newest first",
    access: { kind: "session", levels: VENDOR, permission: "mem_query" },
    body: z.object({ member_id: recordId }),
    result: z.object({ items: z.array(memberCouponItem) }),
    mutates: false,
  }),
  couponByUniqueDid: endpoint({
    method: "POST",
    path: "/api/Account/get_discount_by_unique_did",
    summary: "A member's coupon by its unique number",
    access: { kind: "session", levels: VENDOR, permission: "mem_query" },
    body: z.object({
      unique_did: z.string().trim().min(1, { error: "validation.required" }).max(32, { error: "validation.tooLong" }),
    }),
    result: memberCouponItem,
    mutates: false,
  }),
  giveCoupon: endpoint({
    method: "POST",
    path: "/api/Account/admin_give_discount",
    summary: "Gives one coupon to each selected member (at least one: 'no gift user selected')",
    access: { kind: "session", levels: VENDOR, permission: "mem_give_discounts" },
    body: giveCouponRequest,
    result: z.object({ given: z.number().int() }),
    mutates: true,
    log: "members.giveCoupon",
  }),
} as const;
