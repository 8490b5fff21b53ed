import { z } from "zod";
import { LIMITS } from "../limits.js";
import { endpoint } from "./contract.js";
import { recordId, requiredRecordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { memberPass, memberPassOffer } from "./member-app.js";
import { memberListFilters } from "./members.js";
import { nameSort } from "./name-sort.js";
import { priceAmount } from "./price-templates.js";
import { percentOff } from "./promotions.js";
import { imageList } from "./uploads.js";

/**
 * Coupons (spec §3 Coupon and Invitation link, §4 states, §7 get_discounts_details,
 * admin_give_discount, batch_send_email_discount, get/create/remove invite links,
 * get_discount_by_unique_did): the vendor defines its coupons (a code, what each is worth, how many
 * days one stays valid, on or off), gives them to members — chosen, every member a filter matches,
 * by e-mail in batches, or through an invitation link a member claims in the app — and sees what
 * each member holds. Spending a coupon is the pricing engine's (modules/promotions).
 *
 * Permissions: the tree has no key of its own for coupons (spec §6 v_member: mem_query, mem_modify,
 * mem_give_discounts). Reading them is reading members' holdings (mem_query, locked on for every
 * sub-account); defining, changing, switching, removing, giving, mailing and inviting are all ways of
 * handing coupons out, so they take mem_give_discounts: whoever may give coupons decides what is given.
 */
const VENDOR = [3, 4] as const;
const MEM_QUERY = { kind: "session", levels: VENDOR, permission: "mem_query" } as const;
const GIVE_DISCOUNTS = { kind: "session", levels: VENDOR, permission: "mem_give_discounts" } as const;
const MEMBER = { kind: "member" } as const;
const PUBLIC = { kind: "public" } as const;

/**
 * What a coupon is worth (spec §3 "type (free or deduction)"): a discount rate (1–99 %), a deduction
 * of an amount in minor units (`voucher`), or the whole use free.
 */
export const COUPON_KINDS = ["discount", "voucher", "free"] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];
/** What is stored of a member's coupon: unused, spent, or (read at its end) past it. */
export const MEMBER_COUPON_STATES = ["unused", "used", "expired"] as const;
/**
 * A member's coupon as spec §4 shows it: valid (unused, before its end, its definition on), invalid
 * (its definition switched off), used, expired (past the end of its last local day, unused).
 */
export const MEMBER_COUPON_STATUSES = ["valid", "invalid", "used", "expired"] as const;
export type MemberCouponStatus = (typeof MEMBER_COUPON_STATUSES)[number];
/** A coupon definition, and an invitation link, is valid or invalid (spec §4). */
export const COUPON_STATUSES = ["valid", "invalid"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];

/**
 * Washers and dryers, for a coupon's "used wash and dry counts" (spec §3): a coupon spent on a machine
 * of these types counts as a wash or a dry. A combo's and a stacked washer-dryer's cycle starts with a
 * wash, so they count as washes; kiosks, vending machines and car washes count as neither.
 */
export const COUPON_WASH_TYPES = ["washer", "stack_wash_wash", "combo", "stacked_washer_dryer"] as const;
export const COUPON_DRY_TYPES = ["dryer", "stack_dry_dry"] as const;

export const COUPON_LIMITS = {
  code: 32,
  name: 64,
  /** Days a given coupon stays valid: it ends with the last of them, at midnight in the vendor's zone. */
  validDays: { min: 1, max: 3650 },
  /** Members one gift to a filter may reach: more is refused (narrow the filter). */
  giftByFilterMax: 5000,
  /** Addresses of one e-mail batch. */
  mailAddressesMax: 500,
  /** Addresses the outbox delivers as one message (each still sent, and recorded, on its own). */
  mailBatchSize: 20,
  /** An invitation link gives at most this many coupons. */
  inviteQuantity: { min: 1, max: 100_000 },
} as const;

/** How many members one gift may reach at once. */
export const GIFT_MEMBERS_MAX = 200;

/**
 * The vendor's own code of a coupon ("SUMMER10"): 2 to 32 letters, digits, dashes or underscores,
 * beginning with a letter or digit; stored in capitals, unique within the vendor whatever the case.
 */
export const couponCode = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,31}$/, { error: "validation.couponCode" })
  .transform((code) => code.toUpperCase());

const dayCount = (range: { min: number; max: number }, key: string) =>
  z
    .number({ error: "validation.numeric" })
    .int({ error: key })
    .min(range.min, { error: key })
    .max(range.max, { error: key });

/** Days a given coupon stays valid (1–3650). */
export const couponValidDays = dayCount(COUPON_LIMITS.validDays, "validation.validityDays");
/** A voucher's deduction: more than nothing, in minor units. */
export const couponAmount = priceAmount.refine((v) => v > 0, { error: "validation.amountPositive" });

export const couponItem = z.object({
  id: z.number().int(),
  /** The vendor's own code ("SUMMER10"). */
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  name: z.string(),
  /** Percent off (1–99) for a discount coupon. */
  discount_rate: z.number().int().nullable(),
  /** Minor units off for a voucher. */
  amount: z.number().int().nullable(),
  currency: z.string(),
  valid_days: z.number().int(),
  /** Switched on (valid): it may be given, and what members hold of it may be spent. */
  enabled: z.boolean(),
});
export type CouponItem = z.infer<typeof couponItem>;

export const memberCouponItem = z.object({
  id: z.number().int(),
  unique_did: z.string(),
  coupon: couponItem,
  member_id: z.number().int(),
  /** What is stored (MEMBER_COUPON_STATES); `status` is what the screens show. */
  state: z.enum(MEMBER_COUPON_STATES),
  status: z.enum(MEMBER_COUPON_STATUSES),
  issued_at: z.number().int(),
  /** The first second it is no longer valid: midnight after its last day, in the vendor's zone. */
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

/** The members list's filters (get_user_accts), as a gift or a mail names the members it reaches. */
export const memberFilter = z.object(memberListFilters);

/** A card a member holds (a discount or wash-dry card), as the console lists it with its state. */
export const memberPassItem = memberPass.extend({
  /** valid; used (a wash-dry card with no use left); expired (a discount card past its end). */
  state: z.enum(["valid", "used", "expired"]),
  created_at: z.number().int(),
});
export type MemberPassItem = z.infer<typeof memberPassItem>;

/** Cards given from the console: free, to each selected member (a discount card once per member). */
export const givePassRequest = z.object({
  member_ids: z
    .array(recordId, { error: "validation.noGiftUser" })
    .min(1, { error: "validation.noGiftUser" })
    .max(GIFT_MEMBERS_MAX, { error: "validation.tooManyMembers" }),
  promotion_id: z
    .number({ error: "validation.noPromotion" })
    .int()
    .positive({ error: "validation.noPromotion" })
    .max(2_147_483_647),
});

export const giveCouponByFilterRequest = z.object({
  coupon_id: recordId,
  /** Every active member these filters match (none: every active member); more than the cap is refused. */
  filters: memberFilter,
});

// ── coupon definitions ────────────────────────────────────────────────────────────────────────────

/** A definition's fields; the rate belongs to a discount, the amount to a voucher, neither to a free coupon. */
export const couponFields = {
  code: couponCode,
  name: requiredText(COUPON_LIMITS.name),
  kind: z.enum(COUPON_KINDS, { error: "validation.invalid" }),
  discount_rate: percentOff.nullable().default(null),
  amount: couponAmount.nullable().default(null),
  valid_days: couponValidDays,
};

/** What the kind needs is there (what it does not need is dropped by the server). */
function worthOfKind(
  value: { kind: CouponKind; discount_rate: number | null; amount: number | null },
  ctx: z.RefinementCtx,
) {
  if (value.kind === "discount" && value.discount_rate === null) {
    ctx.addIssue({ code: "custom", path: ["discount_rate"], message: "validation.discountRange" });
  }
  if (value.kind === "voucher" && value.amount === null) {
    ctx.addIssue({ code: "custom", path: ["amount"], message: "validation.amountPositive" });
  }
}

export const couponCreateRequest = z.object(couponFields).superRefine(worthOfKind);
export const couponModifyRequest = z.object({ id: recordId, ...couponFields }).superRefine(worthOfKind);
export const couponStatusRequest = z.object({ id: recordId, enabled: z.boolean({ error: "validation.invalid" }) });
export const couponIdRequest = z.object({ id: recordId });

export const couponDefinitionItem = couponItem.extend({
  /** Member coupons of it ever given, and of those spent. */
  given: z.number().int().nonnegative(),
  used: z.number().int().nonnegative(),
  /** Spec §3 "used wash and dry counts": spent on washers and on dryers (COUPON_WASH_TYPES, COUPON_DRY_TYPES). */
  used_washes: z.number().int().nonnegative(),
  used_dries: z.number().int().nonnegative(),
  /** Members holding it now, unused and valid. */
  held: z.number().int().nonnegative(),
  /** Its invitation links: while any exists it cannot be removed. */
  invitations: z.number().int().nonnegative(),
  created_at: z.number().int(),
});
export type CouponDefinitionItem = z.infer<typeof couponDefinitionItem>;

export const couponListFilters = {
  /** The code's beginning, case-insensitive. */
  code: z.string().trim().max(COUPON_LIMITS.code, { error: "validation.tooLong" }).optional(),
  /** Part of the name, case-insensitive. */
  name: z.string().trim().max(COUPON_LIMITS.name, { error: "validation.tooLong" }).optional(),
  kind: z.enum(COUPON_KINDS, { error: "validation.invalid" }).optional(),
  status: z.enum(COUPON_STATUSES, { error: "validation.invalid" }).optional(),
  sort: nameSort,
};
export const couponListRequest = listRequest(couponListFilters);
export const couponListResult = listResult(couponDefinitionItem);

// ── coupons by e-mail ─────────────────────────────────────────────────────────────────────────────

/**
 * What became of one address of a batch: waiting, sent (its member holds the coupon the mail names),
 * not an e-mail address, no member of this vendor has it, refused by the mail server (its words in
 * `detail`), or not sent after every retry (the last error in `detail`).
 */
export const COUPON_MAIL_OUTCOMES = ["pending", "sent", "invalid_address", "not_member", "refused", "failed"] as const;
export type CouponMailOutcome = (typeof COUPON_MAIL_OUTCOMES)[number];

/** One address as typed: checked (and reported) by the server, so a bad one is a result, not a refusal. */
const mailAddress = z.string({ error: "validation.invalid" }).max(254, { error: "validation.tooLong" });

export const couponMailRequest = z
  .object({
    coupon_id: recordId,
    /** Addresses pasted by the operator (each once, whatever the case). */
    addresses: z
      .array(mailAddress, { error: "validation.invalid" })
      .max(COUPON_LIMITS.mailAddressesMax, { error: "validation.tooManyRecipients" })
      .default([]),
    /** And/or the addresses of the members these filters match (members without one are skipped). */
    member_filters: memberFilter.optional(),
  })
  .refine((v) => v.addresses.some((a) => a.trim() !== "") || v.member_filters !== undefined, {
    error: "validation.noRecipients",
    path: ["addresses"],
  });

export const couponMailRecipient = z.object({
  address: z.string(),
  outcome: z.enum(COUPON_MAIL_OUTCOMES),
  member_id: z.number().int().nullable(),
  /** The coupon's unique number the mail carries (members only). */
  unique_did: z.string().nullable(),
  /** The mail server's words for a refusal or a failure; "" otherwise. */
  detail: z.string(),
  sent_at: z.number().int().nullable(),
});
export type CouponMailRecipient = z.infer<typeof couponMailRecipient>;

export const couponMailJob = z.object({
  id: z.number().int(),
  coupon_id: z.number().int(),
  coupon_name: z.string(),
  coupon_code: z.string(),
  created_at: z.number().int(),
  /** Addresses in the batch. */
  total: z.number().int(),
  /** Progress: sent, failed (bad address, not a member, refused, given up) and still waiting. */
  sent: z.number().int(),
  failed: z.number().int(),
  pending: z.number().int(),
  /** Each outcome's count. */
  outcomes: z.object({
    pending: z.number().int(),
    sent: z.number().int(),
    invalid_address: z.number().int(),
    not_member: z.number().int(),
    refused: z.number().int(),
    failed: z.number().int(),
  }),
});
export type CouponMailJob = z.infer<typeof couponMailJob>;

export const couponMailJobDetail = couponMailJob.extend({ recipients: z.array(couponMailRecipient) });

// ── invitation links ──────────────────────────────────────────────────────────────────────────────

/** Where a link sends a customer: `<public address>/m/invite/<code>`. */
export const INVITE_PATH = "/m/invite/";

export const inviteLinkItem = z.object({
  id: z.number().int(),
  code: z.string(),
  /** What the link and its poster's QR code carry. */
  link: z.string(),
  coupon_id: z.number().int(),
  coupon_name: z.string(),
  coupon_code: z.string(),
  /** Total quantity, and how many members have claimed one. */
  quantity: z.number().int(),
  received: z.number().int(),
  /** Validity in days, and the first second it no longer gives anything. */
  valid_days: z.number().int(),
  expires_at: z.number().int(),
  /** The poster's background image (a stored image's key), or null for a plain one. */
  background_image: z.string().nullable(),
  /** Valid while before its end with coupons left and its coupon switched on; invalid otherwise. */
  status: z.enum(COUPON_STATUSES),
  created_at: z.number().int(),
});
export type InviteLinkItem = z.infer<typeof inviteLinkItem>;

export const inviteLinkListRequest = listRequest({
  /** The code's beginning, case-insensitive. */
  code: z.string().trim().max(16, { error: "validation.tooLong" }).optional(),
  coupon_id: recordId.optional(),
  status: z.enum(COUPON_STATUSES, { error: "validation.invalid" }).optional(),
});
export const inviteLinkListResult = listResult(inviteLinkItem);

export const inviteLinkFields = {
  coupon_id: requiredRecordId,
  quantity: dayCount(COUPON_LIMITS.inviteQuantity, "validation.inviteQuantity"),
  valid_days: couponValidDays,
  background_image: imageList(LIMITS.imageCounts.inviteBackground).default([]),
};
export const inviteLinkCreateRequest = z.object(inviteLinkFields);

/** A link's code as the member app sends it (the last part of the link). */
export const inviteCode = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(16, { error: "validation.tooLong" });

/**
 * An invitation link as its public page shows it (spec §4 invitation valid/invalid): valid, claimed
 * out (every coupon of it received: it will give no more), or invalid otherwise (past its end, or its
 * coupon switched off).
 */
export const INVITE_PAGE_STATUSES = ["valid", "invalid", "claimed_out"] as const;
export type InvitePageStatus = (typeof INVITE_PAGE_STATUSES)[number];

export const invitePage = z.object({
  code: z.string(),
  vendor_name: z.string(),
  /** The vendor's IANA time zone: the link's last day, and a claimed coupon's, are its local days. */
  time_zone: z.string(),
  /** What a claim gives: the coupon's name, what it is worth, and for how many days once claimed. */
  coupon: couponItem.pick({
    name: true,
    kind: true,
    discount_rate: true,
    amount: true,
    currency: true,
    valid_days: true,
  }),
  /** The first second the link no longer gives anything. */
  expires_at: z.number().int(),
  status: z.enum(INVITE_PAGE_STATUSES),
});
export type InvitePage = z.infer<typeof invitePage>;

export const memberCouponEndpoints = {
  coupons: endpoint({
    method: "POST",
    path: "/api/Account/get_discounts_details",
    summary: "The coupons the vendor can give its members now (switched on), with what each is worth",
    access: MEM_QUERY,
    body: z.object({}),
    result: z.object({ items: z.array(couponItem) }),
    mutates: false,
  }),
  memberCoupons: endpoint({
    method: "POST",
    path: "/api/Account/get_user_discounts",
    summary: "The coupons a member holds, newest first, each valid, invalid, used or expired",
    access: MEM_QUERY,
    body: z.object({ member_id: recordId }),
    result: z.object({ items: z.array(memberCouponItem) }),
    mutates: false,
  }),
  memberPasses: endpoint({
    method: "POST",
    path: "/api/Account/get_user_cards",
    summary:
      "The discount and wash-dry cards a member holds, newest first, each valid, used or expired, and the running promotions whose cards may be given",
    access: MEM_QUERY,
    body: z.object({ member_id: recordId }),
    result: z.object({ items: z.array(memberPassItem), offers: z.array(memberPassOffer) }),
    mutates: false,
  }),
  givePass: endpoint({
    method: "POST",
    path: "/api/Account/admin_give_card",
    summary:
      "Gives each selected member a running promotion's discount or wash-dry card, free; a member holding that discount card already is left out (none given: RECORD_EXISTS)",
    access: GIVE_DISCOUNTS,
    body: givePassRequest,
    result: z.object({ given: z.number().int(), already: z.number().int() }),
    mutates: true,
    log: "members.givePass",
  }),
  couponByUniqueDid: endpoint({
    method: "POST",
    path: "/api/Account/get_discount_by_unique_did",
    summary: "A member's coupon by its unique number",
    access: MEM_QUERY,
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
    access: GIVE_DISCOUNTS,
    body: giveCouponRequest,
    result: z.object({ given: z.number().int() }),
    mutates: true,
    log: "members.giveCoupon",
  }),
  giveCouponByFilter: endpoint({
    method: "POST",
    path: "/api/Account/admin_give_discount_by_filter",
    summary: `Gives one coupon to every active member the members list's filters match (at most ${COUPON_LIMITS.giftByFilterMax}; more is refused), answering how many were given`,
    access: GIVE_DISCOUNTS,
    body: giveCouponByFilterRequest,
    result: z.object({ given: z.number().int() }),
    mutates: true,
    log: "members.giveCouponByFilter",
  }),

  couponList: endpoint({
    method: "POST",
    path: "/api/Account/get_discount_list",
    summary:
      "The vendor's coupon definitions by code, name, kind and status, each with how many were given, used, used on washers and on dryers",
    access: MEM_QUERY,
    body: couponListRequest,
    result: couponListResult,
    mutates: false,
  }),
  couponCreate: endpoint({
    method: "POST",
    path: "/api/Account/create_discount",
    summary:
      "Defines a coupon: its code (unique within the vendor, RECORD_EXISTS), name, kind and worth, validity; switched on",
    access: GIVE_DISCOUNTS,
    body: couponCreateRequest,
    result: couponDefinitionItem,
    mutates: true,
    log: "members.couponCreate",
  }),
  couponModify: endpoint({
    method: "POST",
    path: "/api/Account/modify_discount",
    summary:
      "Changes a coupon definition; coupons members hold keep their end date and are worth what the definition says when spent",
    access: GIVE_DISCOUNTS,
    body: couponModifyRequest,
    result: couponDefinitionItem,
    mutates: true,
    log: "members.couponModify",
  }),
  couponSetStatus: endpoint({
    method: "POST",
    path: "/api/Account/set_discount_status",
    summary: "Switches a coupon on (valid) or off (invalid: not given, and what members hold of it is invalid)",
    access: GIVE_DISCOUNTS,
    body: couponStatusRequest,
    result: couponDefinitionItem,
    mutates: true,
    log: "members.couponSetStatus",
  }),
  couponRemove: endpoint({
    method: "POST",
    path: "/api/Account/remove_discount",
    summary: "Removes a coupon definition no member holds and no invitation link gives (HAS_DEPENDENTS otherwise)",
    access: GIVE_DISCOUNTS,
    body: couponIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "members.couponRemove",
  }),

  couponMail: endpoint({
    method: "POST",
    path: "/api/Account/batch_send_email_discount",
    summary: `Gives a coupon by e-mail: to each address (pasted, or the filtered members', at most ${COUPON_LIMITS.mailAddressesMax}) that is a member's, a coupon and a mail in the vendor's language through the group's SMTP, in batches; answers the batch to follow`,
    access: GIVE_DISCOUNTS,
    body: couponMailRequest,
    result: couponMailJob,
    mutates: true,
    log: "members.couponMail",
  }),
  couponMailJob: endpoint({
    method: "POST",
    path: "/api/Account/get_email_discount_job",
    summary: "An e-mail batch's progress (sent, failed, pending) and each address's result",
    access: MEM_QUERY,
    body: z.object({ job_id: recordId }),
    result: couponMailJobDetail,
    mutates: false,
  }),
  couponMailJobs: endpoint({
    method: "POST",
    path: "/api/Account/get_email_discount_jobs",
    summary: "A coupon's last 20 e-mail batches with their progress, newest first",
    access: MEM_QUERY,
    body: z.object({ coupon_id: recordId }),
    result: z.object({ items: z.array(couponMailJob) }),
    mutates: false,
  }),

  inviteLinks: endpoint({
    method: "POST",
    path: "/api/Account/get_invite_links",
    summary:
      "The vendor's invitation links, newest first: code, link, coupon, quantity and received, validity and expiry, poster background, state",
    access: MEM_QUERY,
    body: inviteLinkListRequest,
    result: inviteLinkListResult,
    mutates: false,
  }),
  inviteLinkCreate: endpoint({
    method: "POST",
    path: "/api/Account/create_invite_link",
    summary:
      "Creates an invitation link giving a coupon (switched on) to up to `quantity` members, one each, until the end of its last valid day",
    access: GIVE_DISCOUNTS,
    body: inviteLinkCreateRequest,
    result: inviteLinkItem,
    mutates: true,
    log: "members.inviteLinkCreate",
  }),
  inviteLinkRemove: endpoint({
    method: "POST",
    path: "/api/Account/remove_invite_link",
    summary: "Removes an invitation link: it gives nothing more; the coupons members claimed stay theirs",
    access: GIVE_DISCOUNTS,
    body: z.object({ id: recordId }),
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "members.inviteLinkRemove",
  }),
  appInvite: endpoint({
    method: "POST",
    path: "/api/member/get_invite",
    summary:
      "What an invitation link offers, for its public page: the vendor, the coupon and its worth, the link's end, and whether it is valid, invalid or claimed out (public)",
    access: PUBLIC,
    body: z.object({ code: inviteCode }),
    result: invitePage,
    mutates: false,
  }),
  appClaimInvite: endpoint({
    method: "POST",
    path: "/api/member/claim_invite",
    summary:
      "The signed-in member claims an invitation link of their vendor: one coupon, once per member, while the link is valid and has coupons left",
    access: MEMBER,
    body: z.object({ code: inviteCode }),
    result: memberCouponItem,
    mutates: true,
    log: "members.appClaimInvite",
  }),
} as const;
