import { z } from "zod";
import { endpoint } from "./contract.js";
import { epochSeconds, recordId, requiredText } from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { orderItem } from "./orders.js";

/**
 * Members and user cards (spec §3 Member and Card, §7 "Account and cards"). Money is in the
 * vendor's currency's minor unit. A balance is never overwritten: every change is a movement of the
 * ledger (who, why, how much, the balance after), and the stored balance is their sum.
 */
const VENDOR = [3, 4] as const;
const MEM_QUERY = { kind: "session", levels: VENDOR, permission: "mem_query" } as const;
const MEM_MODIFY = { kind: "session", levels: VENDOR, permission: "mem_modify" } as const;
const UCARD_QUERY = { kind: "session", levels: VENDOR, permission: "ucard_query" } as const;
const UCARD_MODIFY = { kind: "session", levels: VENDOR, permission: "ucard_modify" } as const;

export const MEMBER_LIMITS = {
  /** What one top-up or adjustment may move, in minor units (spec §8 "amount error" outside 1..limit). */
  amountMax: 100_000_000,
  /** A balance never exceeds this (PostgreSQL bigint holds more; a console does not need more). */
  balanceMax: 2_000_000_000,
  reason: 120,
  name: 64,
} as const;

export const MEMBER_STATUSES = ["active", "disabled"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** Spec §9 card types. */
export const CARD_TYPES = ["free", "ordinary", "admin", "third_party"] as const;
export type CardType = (typeof CARD_TYPES)[number];
/** Active; disabled by the operator; unbound from its member (final: it is never bound again). */
export const CARD_STATUSES = ["active", "disabled", "unbound"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];
/** Spec §8 "card does not support modification": these cards hold no balance of their own to rewrite. */
export const FIXED_BALANCE_CARD_TYPES: readonly CardType[] = ["free", "admin"];

/** Which balance a movement moved: the member's, the member's reward, or a card's. */
export const PURSES = ["balance", "reward", "card"] as const;
export type Purse = (typeof PURSES)[number];
/**
 * Why money moved: a paid top-up, a bonus given with one, a payment for a machine, a payment given
 * back, an operator's adjustment (always with a reason).
 */
export const MOVEMENT_KINDS = ["topup", "bonus", "payment", "refund", "adjustment"] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];

/** A phone number as customers give it: digits, an optional leading +, spaces and dashes. */
export const memberPhone = requiredText(20).regex(/^\+?[0-9][0-9 -]{4,19}$/, { error: "validation.phone" });
/** A phone that may be left out: "" when it is. */
export const optionalPhone = z
  .string()
  .trim()
  .max(20, { error: "validation.tooLong" })
  .regex(/^(\+?[0-9][0-9 -]{4,19})?$/, { error: "validation.phone" })
  .default("");
const optionalEmail = z
  .string()
  .trim()
  .max(128, { error: "validation.tooLong" })
  .refine((v) => v === "" || z.email().safeParse(v).success, { error: "validation.email" })
  .default("");
/** A calendar date, YYYY-MM-DD, or empty. */
const optionalDate = z
  .string()
  .trim()
  .regex(/^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01]))?$/, { error: "validation.date" })
  .default("");

/** Money an operator moves: a whole number of minor units, 1..limit (spec §8 "amount error"). */
export const movedAmount = z
  .number({ error: "validation.required" })
  .int({ error: "validation.amountError" })
  .min(1, { error: "validation.amountError" })
  .max(MEMBER_LIMITS.amountMax, { error: "validation.amountError" });
/** A balance an operator sets (spec §5 "member balance, reward" are required fields). */
export const balanceValue = z
  .number({ error: "validation.required" })
  .int({ error: "validation.amountError" })
  .min(0, { error: "validation.amountError" })
  .max(MEMBER_LIMITS.balanceMax, { error: "validation.amountError" });
export const movementReason = requiredText(MEMBER_LIMITS.reason);

/** A card's printed number: 4 to 32 letters, digits and dashes (spec §8 "card number error" otherwise). */
export const cardNumber = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^[A-Za-z0-9][A-Za-z0-9-]{3,31}$/, { error: "validation.cardNumber" });
/** A card's UID as a reader gives it: 4, 7 or 10 bytes in hex (ISO 14443). */
export const cardUuid = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(/^([0-9A-Fa-f]{8}|[0-9A-Fa-f]{14}|[0-9A-Fa-f]{20})$/, { error: "validation.cardUuid" })
  .transform((v) => v.toUpperCase());

// ── members ────────────────────────────────────────────────────────────────────────────────────────

export const memberItem = z.object({
  id: z.number().int(),
  phone: z.string(),
  name: z.string(),
  email: z.string(),
  birthday: z.string().nullable(),
  referrer_phone: z.string(),
  card_expires: z.string().nullable(),
  balance: z.number().int(),
  reward: z.number().int(),
  currency: z.string(),
  status: z.enum(MEMBER_STATUSES),
  shop_id: z.number().int().nullable(),
  shop_name: z.string().nullable(),
  alliance_id: z.number().int().nullable(),
  /** Registered by the vendor's staff in the console, not by the customer's app. */
  staff_created: z.boolean(),
  cards: z.number().int(),
  registered_at: z.number().int(),
});
export type MemberItem = z.infer<typeof memberItem>;

export const memberListFilters = {
  /** A phone, card number or name: the phone's or card number's beginning, or part of the name. */
  search: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  shop_id: recordId.optional(),
  alliance_id: recordId.optional(),
  registered_from: epochSeconds.optional(),
  registered_to: epochSeconds.optional(),
  balance_min: balanceValue.optional(),
  balance_max: balanceValue.optional(),
  birthday_this_month: z.boolean({ error: "validation.invalid" }).optional(),
};
export type MemberListFilters = Partial<{
  [K in keyof typeof memberListFilters]: z.input<(typeof memberListFilters)[K]>;
}>;

/** What the vendor holds for its members: a liability the operator must see. */
export const memberTotals = z.object({
  members: z.number().int(),
  balance: z.number().int(),
  reward: z.number().int(),
  currency: z.string(),
});
export const memberListResult = listResult(memberItem).extend({ totals: memberTotals.nullable() });

export const movementItem = z.object({
  id: z.number().int(),
  purse: z.enum(PURSES),
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed: what the purse gained (positive) or lost. */
  amount: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  card_number: z.string().nullable(),
  order_no: z.string().nullable(),
  /** The operator's name for a console action; null for the customer's or a machine's. */
  operator: z.string().nullable(),
  created_at: z.number().int(),
});
export type MovementItem = z.infer<typeof movementItem>;

export const memberMovementsRequest = listRequest({ member_id: recordId });
export const cardMovementsRequest = listRequest({ card_id: recordId });
export const movementListResult = listResult(movementItem);

export const memberProfileFields = {
  phone: memberPhone,
  name: z.string().trim().max(MEMBER_LIMITS.name, { error: "validation.tooLong" }).default(""),
  email: optionalEmail,
  birthday: optionalDate,
  referrer_phone: optionalPhone,
  card_expires: optionalDate,
  shop_id: recordId.nullable().default(null),
};
export const memberCreateRequest = z.object(memberProfileFields);
export const memberModifyRequest = z.object({
  member_id: recordId,
  ...memberProfileFields,
  status: z.enum(MEMBER_STATUSES, { error: "validation.invalid" }),
});

/**
 * Spec §7 modify_user_accts: the balance and reward the operator wants, with the ones they saw when
 * they opened the form. The difference becomes a ledger movement with the reason; if either moved
 * since it was read, nothing changes and the call answers BALANCE_CHANGED.
 */
export const memberBalancesRequest = z.object({
  member_id: recordId,
  balance: balanceValue,
  reward: balanceValue,
  seen_balance: balanceValue,
  seen_reward: balanceValue,
  reason: movementReason,
});

export const memberIdRequest = z.object({ member_id: recordId });
export const cardNumberRequest = z.object({ card_number: cardNumber });

// ── cards ──────────────────────────────────────────────────────────────────────────────────────────

export const cardItem = z.object({
  id: z.number().int(),
  uuid: z.string(),
  card_number: z.string(),
  type: z.enum(CARD_TYPES),
  status: z.enum(CARD_STATUSES),
  balance: z.number().int(),
  currency: z.string(),
  member_id: z.number().int().nullable(),
  member_phone: z.string().nullable(),
  member_name: z.string().nullable(),
  last_used_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type CardItem = z.infer<typeof cardItem>;

export const cardListFilters = {
  /** A card number's or UUID's beginning, or the bound member's phone. */
  search: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  type: z.enum(CARD_TYPES, { error: "validation.invalid" }).optional(),
  status: z.enum(CARD_STATUSES, { error: "validation.invalid" }).optional(),
  member_id: recordId.optional(),
  bound: z.boolean({ error: "validation.invalid" }).optional(),
};
export type CardListFilters = Partial<{ [K in keyof typeof cardListFilters]: z.input<(typeof cardListFilters)[K]> }>;
export const cardTotals = z.object({ cards: z.number().int(), balance: z.number().int(), currency: z.string() });
export const cardListResult = listResult(cardItem).extend({ totals: cardTotals.nullable() });

export const cardCreateRequest = z.object({
  uuid: cardUuid,
  card_number: cardNumber,
  type: z.enum(CARD_TYPES, { error: "validation.invalid" }),
});
export const cardIdRequest = z.object({ card_id: recordId });

/**
 * Spec §7 modify_user_card: the card's number, its type (the free-card switch turns an ordinary card
 * free and back), its status, and — for cards that hold a balance — a rewritten balance, given with
 * the balance the operator saw and a reason, as a ledger movement of the difference.
 */
export const cardModifyRequest = z
  .object({
    card_id: recordId,
    card_number: cardNumber.optional(),
    type: z.enum(CARD_TYPES, { error: "validation.invalid" }).optional(),
    status: z.enum(["active", "disabled"], { error: "validation.invalid" }).optional(),
    balance: balanceValue.optional(),
    seen_balance: balanceValue.optional(),
    reason: z.string().trim().max(MEMBER_LIMITS.reason, { error: "validation.tooLong" }).optional(),
  })
  .superRefine((value, issues) => {
    if (value.balance === undefined) return;
    if (value.seen_balance === undefined) {
      issues.addIssue({ code: "custom", path: ["seen_balance"], message: "validation.required" });
    }
    if (!value.reason) issues.addIssue({ code: "custom", path: ["reason"], message: "validation.required" });
  });

export const cardBindRequest = z.object({ card_id: recordId, member_id: recordId });
export const cardTopUpRequest = z.object({
  card_id: recordId,
  amount: movedAmount,
  reason: z.string().trim().max(MEMBER_LIMITS.reason, { error: "validation.tooLong" }).default(""),
});

/** A top-up of a member's account at the counter: the amount the member paid, added to the balance. */
export const counterTopUpRequest = z.object({
  member_id: recordId,
  amount: movedAmount,
  reason: z.string().trim().max(MEMBER_LIMITS.reason, { error: "validation.tooLong" }).default(""),
});

export const memberDetail = z.object({
  member: memberItem,
  cards: z.array(cardItem),
  recent_orders: z.array(orderItem),
});

export const memberEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Account/get_user_accts",
    summary: "Members of the vendor, newest first, by phone, card number or name, shop or alliance, dates and balance",
    access: MEM_QUERY,
    body: listRequest(memberListFilters),
    result: memberListResult,
    mutates: false,
  }),
  detail: endpoint({
    method: "POST",
    path: "/api/Account/get_account_info",
    summary: "One member: profile, cards and recent orders",
    access: MEM_QUERY,
    body: memberIdRequest,
    result: memberDetail,
    mutates: false,
  }),
  movements: endpoint({
    method: "POST",
    path: "/api/Account/get_account_movements",
    summary: "A member's balance movements (top-ups, bonuses, payments, refunds, adjustments), newest first",
    access: MEM_QUERY,
    body: memberMovementsRequest,
    result: movementListResult,
    mutates: false,
  }),
  byCardNumber: endpoint({
    method: "POST",
    path: "/api/Account/get_user_acct_by_cardnumber",
    summary: "The member a card is bound to, by the card's number",
    access: MEM_QUERY,
    body: cardNumberRequest,
    result: memberItem,
    mutates: false,
  }),
  modifyBalances: endpoint({
    method: "POST",
    path: "/api/Account/modify_user_accts",
    summary: "Sets a member's balance and reward as ledger movements with a reason; refused if they moved since read",
    access: MEM_MODIFY,
    body: memberBalancesRequest,
    result: memberItem,
    mutates: true,
    log: "members.modifyBalances",
  }),
  topUp: endpoint({
    method: "POST",
    path: "/api/Account/add_value",
    summary:
      "Tops a member's account up (1 to the limit, in minor units) as a ledger movement; the money taken is other income",
    access: MEM_MODIFY,
    body: counterTopUpRequest,
    result: memberItem,
    mutates: true,
    log: "members.topUp",
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v2/Account/create_member_acct",
    summary: "Registers a member for a customer at the counter (phone unique per vendor)",
    access: MEM_MODIFY,
    body: memberCreateRequest,
    result: memberItem,
    mutates: true,
    log: "members.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/v2/Account/modify_member_acct",
    summary: "Changes a member's profile and status (never the balances: modify_user_accts moves those)",
    access: MEM_MODIFY,
    body: memberModifyRequest,
    result: memberItem,
    mutates: true,
    log: "members.modify",
  }),
} as const;

export const cardEndpoints = {
  cardList: endpoint({
    method: "POST",
    path: "/api/Card/get_user_card_list",
    summary: "User cards of the vendor, newest first, by number, UUID or member phone, type, status and binding",
    access: UCARD_QUERY,
    body: listRequest(cardListFilters),
    result: cardListResult,
    mutates: false,
  }),
  cardByUuid: endpoint({
    method: "POST",
    path: "/api/Card/get_user_card_by_uuid",
    summary: "The card a reader read, by its UUID (not found: a card not yet registered)",
    access: UCARD_QUERY,
    body: z.object({ uuid: cardUuid }),
    result: cardItem,
    mutates: false,
  }),
  cardMovements: endpoint({
    method: "POST",
    path: "/api/Card/get_card_movements",
    summary: "A card's balance movements, newest first",
    access: UCARD_QUERY,
    body: cardMovementsRequest,
    result: movementListResult,
    mutates: false,
  }),
  cardCreate: endpoint({
    method: "POST",
    path: "/api/Card/create_user_card",
    summary: "Registers a card by its UUID and printed number",
    access: UCARD_MODIFY,
    body: cardCreateRequest,
    result: cardItem,
    mutates: true,
    log: "members.cardCreate",
  }),
  cardModify: endpoint({
    method: "POST",
    path: "/api/Card/modify_user_card",
    summary: "Changes a card's number, type (free-card switch) or status, or rewrites its balance with a reason",
    access: UCARD_MODIFY,
    body: cardModifyRequest,
    result: cardItem,
    mutates: true,
    log: "members.cardModify",
  }),
  cardRemove: endpoint({
    method: "POST",
    path: "/api/Card/detele_user_card",
    summary: "Removes a card that is bound to no one and holds no balance",
    access: UCARD_MODIFY,
    body: cardIdRequest,
    result: z.object({ card_id: z.number().int() }),
    mutates: true,
    log: "members.cardRemove",
  }),
  cardBind: endpoint({
    method: "POST",
    path: "/api/Card/bind_card_by_account_id",
    summary: "Binds an unbound card to a member",
    access: UCARD_MODIFY,
    body: cardBindRequest,
    result: cardItem,
    mutates: true,
    log: "members.cardBind",
  }),
  cardUnbind: endpoint({
    method: "POST",
    path: "/api/Card/unbind_card_by_account_id",
    summary: "Unbinds a card from its member, for good: the card is never bound again",
    access: UCARD_MODIFY,
    body: cardBindRequest,
    result: cardItem,
    mutates: true,
    log: "members.cardUnbind",
  }),
  cardTopUp: endpoint({
    method: "POST",
    path: "/api/Card/add_value",
    summary: "Tops a card up (1 to the limit, in minor units) as a ledger movement",
    access: UCARD_MODIFY,
    body: cardTopUpRequest,
    result: cardItem,
    mutates: true,
    log: "members.cardTopUp",
  }),
} as const;
