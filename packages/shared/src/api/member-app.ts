import { z } from "zod";
import { ORDER_PROVIDER_IDS, type OrderProviderId } from "../payments/providers.js";
import { endpoint } from "./contract.js";
import { memberPhone, movedAmount, movementItem, optionalPhone, PURSES } from "./members.js";
import { payPlace } from "./pay.js";
import { priceExplanation } from "./promotions.js";

/**
 * The member API of the customer's app (`/api/member/...`): a customer registers by phone in a shop
 * (named as on the pay page: a pay QR code or a machine's sticker) or through a vendor's invitation
 * link (`place: { invite }`: no home shop), reads their balance, tops it up and pays for a machine
 * from it. Its token is its own kind (`token_type` 2): a member token opens
 * no console call, and a console token opens none of these.
 */
const PUBLIC = { kind: "public" } as const;
const MEMBER = { kind: "member" } as const;

/** A member's PIN: 4 to 6 digits (the app's sign-in; the phone alone proves nothing). */
export const memberPin = z
  .string({ error: "validation.required" })
  .regex(/^[0-9]{4,6}$/, { error: "validation.memberPin" });

/** The name a customer gives when registering in the app: optional. */
export const memberAppName = z.string().trim().max(64, { error: "validation.tooLong" }).default("");

/** What the member is told at their next sign-in: someone tried to register their phone (when, and in which shop). */
export const MEMBER_NOTICE_KINDS = ["registration_attempt"] as const;
export type MemberNoticeKind = (typeof MEMBER_NOTICE_KINDS)[number];
export const memberNotice = z.object({
  kind: z.enum(MEMBER_NOTICE_KINDS),
  at: z.number().int(),
  shop_name: z.string(),
});

export const memberSignInResult = z.object({
  member_token: z.string(),
  member_id: z.number().int(),
  expires_at: z.number().int(),
  /** Notices since the last sign-in, newest first; each is given once. */
  notices: z.array(memberNotice),
});

/**
 * A registration's answer, the same whether the phone was new or already a member's (so it tells
 * no one which phones are members): the app signs in next with the phone and PIN. A phone already
 * registered keeps its PIN; its member is told at their next sign-in.
 */
export const memberRegisterResult = z.object({ accepted: z.literal(true) });

export const memberWallet = z.object({
  member_id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  balance: z.number().int(),
  reward: z.number().int(),
  currency: z.string(),
});

/** How the app pays a top-up: through a provider the vendor switched on (the demo's sandbox completes at once). */
export const memberTopUpRequest = z.object({
  amount: movedAmount,
  provider: z.enum(ORDER_PROVIDER_IDS as [OrderProviderId, ...OrderProviderId[]], { error: "validation.invalid" }),
  /** The app's own id of this top-up: the same id twice is one top-up. */
  request_id: z.string().trim().min(8, { error: "validation.invalid" }).max(64, { error: "validation.invalid" }),
});

export const memberPayRequest = z.object({
  /** The machine's serial, as its sticker's QR code names it. */
  serial: z.string().trim().min(1, { error: "validation.required" }).max(64, { error: "validation.tooLong" }),
  /** "" for the price template's own program, else one of its options. */
  option: z.string().max(64).default(""),
  /** The balance to pay from (a card pays at the machine's reader, not here). */
  purse: z.enum(PURSES.filter((p) => p !== "card") as ["balance", "reward"]).default("balance"),
  /** A coupon the member holds (its unique number), spent on this order: its discount comes off the price. */
  coupon: z
    .string()
    .trim()
    .min(1, { error: "validation.required" })
    .max(32, { error: "validation.tooLong" })
    .optional(),
});

/** Cards a member takes from a promotion (spec §3): a discount card (free) or a wash-dry card (bought from the balance). */
export const MEMBER_PASS_KINDS = ["dis_card", "washdry"] as const;
export type MemberPassKind = (typeof MEMBER_PASS_KINDS)[number];
/** What one payment took from a card: a wash or a dry of a wash-dry card, or a discount card's rate. */
export const PASS_USES = ["wash", "dry", "discount"] as const;
export type PassUse = (typeof PASS_USES)[number];

/** A card the member holds, on the terms of its promotion when they took it. */
export const memberPass = z.object({
  id: z.number().int(),
  promotion_id: z.number().int(),
  kind: z.enum(MEMBER_PASS_KINDS),
  name: z.string(),
  percent_off: z.number().int().nullable(),
  washes_left: z.number().int(),
  dries_left: z.number().int(),
  /** Null: until its uses run out. */
  expires_at: z.number().int().nullable(),
  price: z.number().int(),
});
export type MemberPass = z.infer<typeof memberPass>;

/** A running promotion whose card the member may take. */
export const memberPassOffer = z.object({
  promotion_id: z.number().int(),
  kind: z.enum(MEMBER_PASS_KINDS),
  name: z.string(),
  percent_off: z.number().int().nullable(),
  validity_days: z.number().int().nullable(),
  free_washes: z.number().int(),
  free_dries: z.number().int(),
  /** 0 for a discount card. */
  price: z.number().int(),
  ends_at: z.number().int(),
});
export type MemberPassOffer = z.infer<typeof memberPassOffer>;

export const memberTakePassRequest = z.object({
  promotion_id: z
    .number({ error: "validation.noPromotion" })
    .int()
    .positive({ error: "validation.noPromotion" })
    .max(2_147_483_647),
  /** The app's own id of this request: the same id twice takes (and pays for) one card. */
  request_id: z.string().trim().min(8, { error: "validation.invalid" }).max(64, { error: "validation.invalid" }),
});

export const memberEndpointsForApp = {
  appRegister: endpoint({
    method: "POST",
    path: "/api/member/register",
    summary:
      "A customer registers as a member of the shop's vendor (or the invitation link's) with a phone number and PIN, then signs in; the same answer for a phone already registered (its member is told instead); limited per address and per shop (per vendor through an invitation)",
    access: PUBLIC,
    body: z.object({
      place: payPlace,
      phone: memberPhone,
      pin: memberPin,
      name: memberAppName,
      /** The phone of the member who invited them (refer a friend: both receive its gift at their first payment). */
      referrer_phone: optionalPhone,
    }),
    result: memberRegisterResult,
    mutates: true,
    log: "members.appRegister",
  }),
  appSignIn: endpoint({
    method: "POST",
    path: "/api/member/sign_in",
    summary:
      "A member signs in to the app with their phone number and PIN (wrong PINs throttled per phone and address), with the notices since the last sign-in",
    access: PUBLIC,
    body: z.object({ place: payPlace, phone: memberPhone, pin: memberPin }),
    result: memberSignInResult,
    mutates: true,
    log: "members.appSignIn",
  }),
  appSignOut: endpoint({
    method: "POST",
    path: "/api/member/sign_out",
    summary: "Ends the member's session: its token opens nothing any more",
    access: MEMBER,
    body: z.object({}),
    result: z.object({}),
    mutates: true,
    log: "members.appSignOut",
  }),
  appChangePin: endpoint({
    method: "POST",
    path: "/api/member/change_pin",
    summary:
      "Changes the member's PIN, given the current one (throttled as a sign-in); ends every other session of the member",
    access: MEMBER,
    body: z.object({ old_pin: memberPin, new_pin: memberPin }),
    result: z.object({ ended_sessions: z.number().int() }),
    mutates: true,
    log: "members.appChangePin",
  }),
  appWallet: endpoint({
    method: "POST",
    path: "/api/member/get_balance",
    summary: "The signed-in member's balance and reward",
    access: MEMBER,
    body: z.object({}),
    result: memberWallet,
    mutates: false,
  }),
  appMovements: endpoint({
    method: "POST",
    path: "/api/member/get_movements",
    summary: "The signed-in member's last 50 balance movements",
    access: MEMBER,
    body: z.object({}),
    result: z.object({ items: z.array(movementItem) }),
    mutates: false,
  }),
  appPasses: endpoint({
    method: "POST",
    path: "/api/member/get_cards",
    summary:
      "The discount and wash-dry cards the signed-in member holds, and the running promotions whose cards they may take",
    access: MEMBER,
    body: z.object({}),
    result: z.object({ held: z.array(memberPass), offers: z.array(memberPassOffer) }),
    mutates: false,
  }),
  appTakePass: endpoint({
    method: "POST",
    path: "/api/member/take_card",
    summary:
      "Takes a running promotion's card: a discount card (free, once per promotion) or a wash-dry card paid from the balance; the same request id twice takes one",
    access: MEMBER,
    body: memberTakePassRequest,
    result: z.object({ pass: memberPass, wallet: memberWallet }),
    mutates: true,
    log: "members.appTakePass",
  }),
  appTopUp: endpoint({
    method: "POST",
    path: "/api/member/top_up",
    summary: "Tops the member's balance up, paid through a provider the vendor switched on",
    access: MEMBER,
    body: memberTopUpRequest,
    result: memberWallet,
    mutates: true,
    log: "members.appTopUp",
  }),
  appPay: endpoint({
    method: "POST",
    path: "/api/member/pay",
    summary:
      "Pays a machine's program from the member's balance at the pricing engine's price (time-of-day price, promotion, coupon) and starts it (refunded, coupon given back, if it does not start)",
    access: MEMBER,
    body: memberPayRequest,
    result: z.object({
      order_no: z.string(),
      /** What the balance paid, and what came off the program's list price in all (minor units). */
      charged: z.number().int(),
      discount: z.number().int(),
      /** Why: the list price and each adjustment with its reason. */
      pricing: priceExplanation,
      wallet: memberWallet,
    }),
    mutates: true,
    log: "members.appPay",
  }),
} as const;
