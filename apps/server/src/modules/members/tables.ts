import type {
  CardType,
  CouponKind,
  CouponMailOutcome,
  MemberNoticeKind,
  MemberPassKind,
  MovementKind,
  PassUse,
  Purse,
} from "@washboard/shared";
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { shops } from "../shops/tables.js";
import { vendors } from "../tenancy/tables.js";

/** Stored codes of the member and card states (the wire names them: MEMBER_STATUSES, CARD_STATUSES). */
export const MEMBER_STATUS = { disabled: 0, active: 1 } as const;
export const CARD_STATUS = { disabled: 0, active: 1, unbound: 2 } as const;

/**
 * A customer of a vendor (spec §3 Member). The two balances are kept in the row for reading and in
 * `balance_movements` for the record: they change only together with a movement, in one
 * transaction, by a conditional update (never below zero, or only if unchanged since read).
 */
export const members = pgTable(
  "members",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    phone: varchar("phone", { length: 20 }).notNull(),
    name: varchar("name", { length: 64 }).notNull().default(""),
    email: varchar("email", { length: 128 }).notNull().default(""),
    birthday: date("birthday"),
    referrerPhone: varchar("referrer_phone", { length: 20 }).notNull().default(""),
    cardExpires: date("card_expires"),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    reward: bigint("reward", { mode: "number" }).notNull().default(0),
    status: smallint("status").notNull().default(MEMBER_STATUS.active),
    /** The shop the member registered in (its alliance is the shop's, read through it). */
    shopId: integer("shop_id").references(() => shops.id),
    /** The console account that registered the member at the counter; null: the customer's app. */
    createdBy: integer("created_by"),
    /** Argon2 hash of the app PIN; null for a member made at the counter until they set one. */
    pinHash: varchar("pin_hash", { length: 255 }),
    registeredAt: createdAt(),
  },
  (t) => [
    uniqueIndex("members_vendor_phone_uq").on(t.vendorId, t.phone),
    // The list: newest first by keyset on (registered_at, id).
    index("members_vendor_registered_idx").on(t.vendorId, t.registeredAt, t.id),
    index("members_phone_pattern_idx").on(t.phone.op("varchar_pattern_ops")),
    check("members_balance_range", sql`${t.balance} >= 0 and ${t.reward} >= 0`),
  ],
);

/**
 * The member app's sessions: a token's SHA-256, never the token. A session ends by its row going
 * (sign-out, a PIN change for the others, the member disabled), so nothing can bring it back.
 */
export const memberSessions = pgTable(
  "member_sessions",
  {
    id: serial("id").primaryKey(),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    tokenHash: varchar("token_hash", { length: 64 }).notNull().unique(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("member_sessions_member_idx").on(t.memberId)],
);

/**
 * What a member is told at their next sign-in (the app has no other channel to them): someone tried
 * to register their phone, and where. Given once: `seen_at` is set when a sign-in hands it over.
 */
export const memberNotices = pgTable(
  "member_notices",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    kind: varchar("kind", { length: 32 }).$type<MemberNoticeKind>().notNull(),
    /** Where it was tried; a shop removed since leaves the notice without one. */
    shopId: integer("shop_id").references(() => shops.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    seenAt: timestamp("seen_at", { withTimezone: true }),
  },
  (t) => [index("member_notices_unseen_idx").on(t.memberId, t.id).where(sql`${t.seenAt} is null`)],
);

/** A user card (spec §3 Card): its chip's UID, its printed number, and its own balance. */
export const cards = pgTable(
  "cards",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    uuid: varchar("uuid", { length: 20 }).notNull(),
    cardNumber: varchar("card_number", { length: 32 }).notNull(),
    type: varchar("type", { length: 12 }).$type<CardType>().notNull(),
    status: smallint("status").notNull().default(CARD_STATUS.active),
    memberId: integer("member_id").references(() => members.id),
    balance: bigint("balance", { mode: "number" }).notNull().default(0),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    /** Removed (detele_user_card): kept for the ledger and orders that name it, out of every list. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // A number or chip names one card of the vendor while it exists (a removed card frees both).
    uniqueIndex("cards_vendor_number_uq").on(t.vendorId, t.cardNumber).where(sql`${t.removedAt} is null`),
    uniqueIndex("cards_vendor_uuid_uq").on(t.vendorId, t.uuid).where(sql`${t.removedAt} is null`),
    index("cards_vendor_created_idx").on(t.vendorId, t.createdAt, t.id),
    index("cards_member_idx").on(t.memberId),
    index("cards_number_pattern_idx").on(t.cardNumber.op("varchar_pattern_ops")),
    check("cards_balance_range", sql`${t.balance} >= 0`),
  ],
);

/**
 * The ledger of every balance: one append-only row per movement of a member's balance or reward or
 * a card's balance, with the balance after it, who made it and why. `ref` is the movement's
 * idempotency key (a payment's order, a refund's number, a machine event, an app's top-up id): the
 * same ref twice is one movement. Rows are never updated or deleted (a trigger refuses it).
 */
export const balanceMovements = pgTable(
  "balance_movements",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    memberId: integer("member_id").references(() => members.id),
    cardId: integer("card_id").references(() => cards.id),
    purse: varchar("purse", { length: 8 }).$type<Purse>().notNull(),
    kind: varchar("kind", { length: 12 }).$type<MovementKind>().notNull(),
    amount: bigint("amount", { mode: "number" }).notNull(),
    balanceAfter: bigint("balance_after", { mode: "number" }).notNull(),
    /** Money received for it (a paid top-up), in minor units: the vendor's other income. */
    paid: bigint("paid", { mode: "number" }).notNull().default(0),
    reason: varchar("reason", { length: 255 }).notNull().default(""),
    accountId: integer("account_id"),
    operator: varchar("operator", { length: 64 }),
    orderNo: varchar("order_no", { length: 32 }),
    shopId: integer("shop_id"),
    ref: varchar("ref", { length: 160 }),
    /** The promotion that gave it (a top-up bonus, a referral's or a welfare plan's gift): its counters. */
    promotionId: integer("promotion_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("balance_movements_ref_uq").on(t.vendorId, t.ref),
    index("balance_movements_promotion_idx").on(t.vendorId, t.promotionId).where(sql`${t.promotionId} is not null`),
    index("balance_movements_member_idx").on(t.memberId, t.id),
    index("balance_movements_card_idx").on(t.cardId, t.id),
    index("balance_movements_vendor_created_idx").on(t.vendorId, t.createdAt),
    check(
      "balance_movements_one_holder",
      sql`(${t.purse} = 'card') = (${t.cardId} is not null) and (${t.memberId} is not null or ${t.cardId} is not null)`,
    ),
    check("balance_movements_not_zero", sql`${t.amount} <> 0`),
  ],
);

/** Stored codes of a member's coupon (the wire names them: MEMBER_COUPON_STATES). */
export const MEMBER_COUPON_STATE = { unused: 0, used: 1, expired: 2 } as const;

/**
 * A coupon the vendor defines and gives (spec §3 Coupon): its own code, unique within the vendor
 * whatever the case; its kind decides what it is worth — a discount rate (1–99 %), an amount off
 * (`voucher`), or the whole use (`free`); how many days one stays valid once given; and whether it is
 * switched on (spec §4 valid/invalid). A coupon written without a code (the demo's, a test's) gets a
 * random one; those made before codes existed were given "C<id>".
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    code: varchar("code", { length: 32 })
      .notNull()
      .default(sql`upper(substr(md5(random()::text || clock_timestamp()::text), 1, 10))`),
    kind: varchar("kind", { length: 16 }).$type<CouponKind>().notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    discountRate: smallint("discount_rate"),
    amount: bigint("amount", { mode: "number" }),
    validDays: smallint("valid_days").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupons_vendor_idx").on(t.vendorId, t.id),
    uniqueIndex("coupons_vendor_code_uq").on(t.vendorId, sql`lower(${t.code})`),
    check("coupons_rate_range", sql`${t.discountRate} is null or ${t.discountRate} between 1 and 99`),
    check("coupons_valid_days_range", sql`${t.validDays} between 1 and 3650`),
    check("coupons_kind", sql`${t.kind} in ('discount', 'voucher', 'free')`),
  ],
);

/** A coupon a member holds: its own unique number (get_discount_by_unique_did), state and validity. */
export const memberCoupons = pgTable(
  "member_coupons",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    uniqueDid: varchar("unique_did", { length: 32 }).notNull().unique(),
    state: smallint("state").notNull().default(MEMBER_COUPON_STATE.unused),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The console account that gave it. */
    givenBy: integer("given_by"),
    issuedAt: createdAt(),
    /** Where and on what it was spent: set when it is used, cleared if that order is refunded. */
    usedAt: timestamp("used_at", { withTimezone: true }),
    orderNo: varchar("order_no", { length: 32 }),
    shopId: integer("shop_id"),
    deviceId: integer("device_id"),
    /** What it took off the order's price, in the vendor's minor units. */
    discount: bigint("discount", { mode: "number" }),
  },
  (t) => [
    index("member_coupons_member_idx").on(t.memberId, t.id),
    // The discount card report reads a vendor's coupons by when they were given, used and ended.
    index("member_coupons_vendor_issued_idx").on(t.vendorId, t.issuedAt),
    index("member_coupons_vendor_used_idx").on(t.vendorId, t.usedAt),
    index("member_coupons_vendor_expires_idx").on(t.vendorId, t.expiresAt),
    index("member_coupons_order_idx").on(t.vendorId, t.orderNo),
    // A definition's counts (given, used, held) and the check that none is held before it goes.
    index("member_coupons_coupon_idx").on(t.couponId, t.state),
  ],
);

/**
 * A batch of coupons given by e-mail (batch_send_email_discount): the coupon, the language its mails
 * are written in (the vendor's when it was made), who made it. Its addresses are its recipients.
 */
export const couponMailJobs = pgTable(
  "coupon_mail_jobs",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "cascade" }),
    language: varchar("language", { length: 8 }).notNull(),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("coupon_mail_jobs_coupon_idx").on(t.couponId, t.id),
    index("coupon_mail_jobs_vendor_idx").on(t.vendorId),
  ],
);

/**
 * One address of a mail batch, once per batch (the unique index): the member it belongs to and the
 * coupon given them when the batch was made (so given once, whatever the retries), and what became of
 * its mail. The outbox delivers a batch's addresses `batch` by `batch`; a message delivered again
 * (a restart mid-batch) sends only those still pending.
 */
export const couponMailRecipients = pgTable(
  "coupon_mail_recipients",
  {
    id: serial("id").primaryKey(),
    jobId: integer("job_id")
      .notNull()
      .references(() => couponMailJobs.id, { onDelete: "cascade" }),
    batch: smallint("batch").notNull(),
    address: varchar("address", { length: 254 }).notNull(),
    memberId: integer("member_id").references(() => members.id),
    memberCouponId: integer("member_coupon_id").references(() => memberCoupons.id),
    outcome: varchar("outcome", { length: 16 }).$type<CouponMailOutcome>().notNull().default("pending"),
    detail: varchar("detail", { length: 400 }).notNull().default(""),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("coupon_mail_recipients_address_uq").on(t.jobId, t.address),
    index("coupon_mail_recipients_batch_idx").on(t.jobId, t.batch),
  ],
);

/**
 * An invitation link (spec §3): a random code, the coupon it gives, how many it gives and how many
 * were claimed, until when (the end of the last of its valid days in the vendor's zone), and the image
 * its poster is drawn on. `received` only grows by a claim's conditional update and never passes
 * `quantity` (the check keeps it so whatever writes it).
 */
export const inviteLinks = pgTable(
  "invite_links",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    code: varchar("code", { length: 16 }).notNull(),
    quantity: integer("quantity").notNull(),
    received: integer("received").notNull().default(0),
    validDays: smallint("valid_days").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    backgroundImage: varchar("background_image", { length: 80 }),
    createdBy: integer("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    // The code names the link on the public address: one link per code, whoever made it.
    uniqueIndex("invite_links_code_uq").on(sql`lower(${t.code})`),
    index("invite_links_vendor_idx").on(t.vendorId, t.id),
    index("invite_links_coupon_idx").on(t.couponId),
    check("invite_links_received_range", sql`${t.received} >= 0 and ${t.received} <= ${t.quantity}`),
  ],
);

/** A member's claim of an invitation link: one per member and link (the unique index), with the coupon it gave. */
export const inviteClaims = pgTable(
  "invite_claims",
  {
    id: serial("id").primaryKey(),
    linkId: integer("link_id")
      .notNull()
      .references(() => inviteLinks.id, { onDelete: "cascade" }),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    memberCouponId: integer("member_coupon_id").references(() => memberCoupons.id),
    claimedAt: createdAt(),
  },
  (t) => [uniqueIndex("invite_claims_member_uq").on(t.linkId, t.memberId)],
);

/**
 * A card a member holds from a promotion (spec §3): a discount card (its rate off every payment in
 * its shops and machine types until it expires) or a wash-dry card (washes and dries already paid
 * for). Its terms are copied from the promotion when it is taken, so changing or ending the
 * promotion changes no card a member holds. A member's payment reads and spends them under the
 * member's lock.
 */
export const memberPasses = pgTable(
  "member_passes",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    memberId: integer("member_id")
      .notNull()
      .references(() => members.id),
    promotionId: integer("promotion_id").notNull(),
    kind: varchar("kind", { length: 16 }).$type<MemberPassKind>().notNull(),
    name: varchar("name", { length: 64 }).notNull(),
    percentOff: smallint("percent_off"),
    washesLeft: smallint("washes_left").notNull().default(0),
    driesLeft: smallint("dries_left").notNull().default(0),
    /** Null: until its uses run out (a wash-dry card). */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    shopIds: integer("shop_ids").array().notNull().default(sql`'{}'::int[]`),
    machineTypes: varchar("machine_types", { length: 32 }).array().notNull().default(sql`'{}'::varchar[]`),
    /** What the member paid for it (minor units); a discount card is free. */
    price: bigint("price", { mode: "number" }).notNull().default(0),
    /** The app's id of the request that took it: a retried request takes one card. */
    requestId: varchar("request_id", { length: 64 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_passes_request_uq").on(t.memberId, t.requestId),
    // A discount card once per member and promotion.
    uniqueIndex("member_passes_discount_card_uq").on(t.memberId, t.promotionId).where(sql`${t.kind} = 'dis_card'`),
    index("member_passes_vendor_promotion_idx").on(t.vendorId, t.promotionId),
    check("member_passes_uses", sql`${t.washesLeft} >= 0 and ${t.driesLeft} >= 0`),
  ],
);

/**
 * One payment a card paid for or lowered: what it took off and, for a wash-dry card, which use. A
 * refund gives the use back once: it deletes the row, and only the deleting call gives it back.
 */
export const memberPassUses = pgTable(
  "member_pass_uses",
  {
    id: serial("id").primaryKey(),
    vendorId: integer("vendor_id")
      .notNull()
      .references(() => vendors.id),
    passId: integer("pass_id")
      .notNull()
      .references(() => memberPasses.id),
    promotionId: integer("promotion_id").notNull(),
    orderNo: varchar("order_no", { length: 32 }).notNull(),
    /** "wash" or "dry" for a wash-dry card; "discount" for a discount card. */
    use: varchar("use", { length: 8 }).$type<PassUse>().notNull(),
    saved: bigint("saved", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("member_pass_uses_order_uq").on(t.vendorId, t.orderNo, t.passId),
    index("member_pass_uses_promotion_idx").on(t.vendorId, t.promotionId),
  ],
);
