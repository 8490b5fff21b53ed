/**
 * Every error the API can answer: a stable machine code, its HTTP status (the envelope's `status`
 * is the same number), and the i18n key the console translates it with (`errors.<CODE>`).
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  PASSWORDS_DO_NOT_MATCH: 400,
  OLD_PASSWORD_WRONG: 400,
  BROWSER_ID_REQUIRED: 400,
  API_KEY_INVALID: 401,
  UNAUTHORIZED: 401,
  SESSION_EXPIRED: 401,
  LOGIN_FAILED: 401,
  ACCOUNT_DISABLED: 403,
  NO_PERMISSION: 403,
  /** Spec §8: signing in with a level other than 3, 4, 6, 7 answers code 404. */
  ACCOUNT_NO_PERMISSION: 404,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  RECORD_EXISTS: 409,
  /** A role still given to sub-accounts cannot be removed. */
  ROLE_IN_USE: 409,
  ALREADY_REGISTERED: 409,
  /** A record others still depend on (a vendor with accounts or devices) cannot be removed. */
  HAS_DEPENDENTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  LOGIN_THROTTLED: 429,
  RATE_LIMITED: 429,
  /** Spec §5/§8: "brand count exceeds limit, contact admin" (the group's brand_limit). */
  BRAND_LIMIT: 409,
  /** Spec §8: "shop permission over maximum" (the vendor plan's shop_limit). */
  SHOP_LIMIT: 409,
  /** Spec §8: "too many price templates" (LIMITS.priceTemplatesPerVendor). */
  PRICE_TEMPLATE_LIMIT: 409,
  /** An upload that is not a png, jpeg or webp image by its magic bytes. */
  UNSUPPORTED_FILE_TYPE: 415,
  /** More scheduled report addresses than REPORT_SUBSCRIPTIONS_MAX for one vendor. */
  REPORT_SUBSCRIPTION_LIMIT: 409,
  /** "Send test email" before the group saved a mail configuration. */
  MAIL_NOT_CONFIGURED: 409,
  /** The SMTP server could not be reached or refused the mail; the message carries its reason. */
  MAIL_SEND_FAILED: 502,
  /** Spec §5/§8: a manual refund is allowed only on the day of the payment, in the vendor's time zone. */
  REFUND_NOT_SAME_DAY: 409,
  /** A refund larger than what is left of the order. */
  REFUND_EXCEEDS_REMAINDER: 409,
  /** Only a paid order can be refunded. */
  ORDER_NOT_PAID: 409,
  /** The vendor has not set this provider's credentials (or switched it off). */
  PROVIDER_NOT_CONFIGURED: 409,
  /** A member top-up through the sandbox (the demo's provider, no real money) above its cap of about USD 500. */
  SANDBOX_TOP_UP_LIMIT: 409,
  /** The provider could not be reached or refused the call; the message carries its reason. */
  PROVIDER_FAILED: 502,
  /** The platform sets no price of a machine-year in the vendor's currency: it cannot renew (the message names it). */
  SUBSCRIPTION_PRICE_MISSING: 409,
  /** The platform has not set up PayPal for renewal payments (client id, secret and webhook id). */
  SUBSCRIPTION_PAYMENT_UNAVAILABLE: 409,
  /** A paid renewal order is not paid again. */
  SUBSCRIPTION_ORDER_PAID: 409,
  /** The machine's subscription ended more than the grace period ago: the console's commands to it wait for a renewal. */
  SUBSCRIPTION_EXPIRED: 409,
  /** The provider does not take the vendor's currency (WeChat Pay's domestic API takes CNY only, …). */
  PROVIDER_CURRENCY: 409,
  /** No public address is set for this install (PUBLIC_URL): a provider could not notify the payment. */
  PUBLIC_URL_NOT_SET: 409,
  /** The machine cannot take a paid start now (offline, busy, faulted). */
  DEVICE_UNAVAILABLE: 409,
  /** Another customer is paying for this machine: it is held for them until they pay, cancel or the hold lapses. */
  DEVICE_RESERVED: 409,
  /** The payment was cancelled or lapsed unpaid: it can no longer be paid (the machine's hold is over). */
  PAYMENT_EXPIRED: 409,
  /** Spec §8 "card number error": a card number or UUID that names no card of the vendor. */
  CARD_NUMBER_ERROR: 404,
  /** Spec §8 "card does not support modification": a free or admin card's balance cannot be rewritten. */
  CARD_NOT_MODIFIABLE: 409,
  /** A card that was unbound from its member is never bound again (spec §4: unbinding is irreversible). */
  CARD_UNBOUND_FINAL: 409,
  /** The card is bound to a member already; unbind it first. */
  CARD_ALREADY_BOUND: 409,
  /** A card still bound or holding a balance cannot be removed. */
  CARD_IN_USE: 409,
  /** A balance moved since the operator read it: nothing was changed, read it again. */
  BALANCE_CHANGED: 409,
  /** The balance does not cover the payment. */
  BALANCE_INSUFFICIENT: 409,
  /** The member or card is disabled. */
  ACCOUNT_INACTIVE: 409,
  /** The coupon is not the member's, is used or has expired. */
  COUPON_UNUSABLE: 409,
  /** The coupon is switched off (invalid): it is not given until it is switched on again. */
  COUPON_DISABLED: 409,
  /** The invitation link has ended, or its coupon is switched off: it gives nothing (spec §4 invalid). */
  INVITE_INVALID: 409,
  /** Every coupon of the invitation link has been claimed. */
  INVITE_CLAIMED_OUT: 409,
  /** The member has claimed this invitation link's coupon already: one per member. */
  INVITE_ALREADY_CLAIMED: 409,
  /** Spec §5/§8 "same-version upgrade refused": every chosen machine runs the package's version already. */
  SAME_VERSION: 409,
  /** The package fits none of the chosen machines (their type or model). */
  FIRMWARE_NOT_COMPATIBLE: 409,
  /** A chosen machine is in another firmware rollout that has not finished. */
  DEVICE_IN_ROLLOUT: 409,
  /** The rollout cannot do that in its state (resume a completed one, pause an aborted one, …). */
  ROLLOUT_STATE: 409,
  INTERNAL_ERROR: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function errorMessageKey(code: ErrorCode): `errors.${ErrorCode}` {
  return `errors.${code}`;
}

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === "string" && code in ERROR_STATUS;
}
