import { z } from "zod";
import { MACHINE_TYPES } from "../devices/machine-types.js";
import { isValidTimeZone } from "../format/time.js";
import { LANGUAGE_CODES } from "../languages.js";
import { LIMITS } from "../limits.js";
import { CURRENCY_CODES } from "../money/currencies.js";
import { LOGIN_FIELD_RULES } from "./login-rules.js";

/**
 * Field rules of spec §5. Each message is an i18n key (`validation.*`): the server answers it as
 * the failing field's message and the console's forms translate the same key.
 */
/** Built from LOGIN_FIELD_RULES, which the sign-in page checks without zod. */
export const loginUsername = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .regex(LOGIN_FIELD_RULES.login.pattern, { error: LOGIN_FIELD_RULES.login.messageKey });

export const loginPassword = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .regex(LOGIN_FIELD_RULES.password.pattern, { error: LOGIN_FIELD_RULES.password.messageKey });

export const accountPassword = z
  .string({ error: "validation.required" })
  .min(1, { error: "validation.required" })
  .regex(/^\S{6,16}$/, { error: "validation.accountPassword" });

export const nickname = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(LIMITS.inputMax, { error: "validation.max20" });

/** PostgreSQL's integer columns hold ids up to 2^31 − 1: a larger id names no record, and is refused as such. */
export const MAX_RECORD_ID = 2_147_483_647;

/** A record's id in a payload. */
export const recordId = z
  .number({ error: "validation.invalid" })
  .int({ error: "validation.invalid" })
  .positive({ error: "validation.invalid" })
  .max(MAX_RECORD_ID, { error: "validation.invalid" });

/** A record the person must choose in a form: missing is "cannot be empty". */
export const requiredRecordId = z
  .number({ error: "validation.required" })
  .int({ error: "validation.invalid" })
  .positive({ error: "validation.required" })
  .max(MAX_RECORD_ID, { error: "validation.invalid" });

export const requiredText = (max = 255) =>
  z
    .string({ error: "validation.required" })
    .trim()
    .min(1, { error: "validation.required" })
    .max(max, { error: "validation.tooLong" });

export const currencyCode = z.enum(CURRENCY_CODES as [string, ...string[]], { error: "validation.currency" });
export const languageCode = z.enum(LANGUAGE_CODES, { error: "validation.language" });
/** A machine type of spec §9 (devices/machine-types.ts, which the console reads without zod). */
export const machineType = z.enum(MACHINE_TYPES, { error: "validation.machineType" });
export const timeZone = z
  .string({ error: "validation.required" })
  .refine(isValidTimeZone, { error: "validation.timeZone" });

/** Spec §5: a new password must match its confirmation. Applied to any object with the two fields. */
export function passwordsMatch<T extends { password?: string | undefined; confirm_password?: string | undefined }>(
  value: T,
): boolean {
  return value.password === value.confirm_password;
}

export const PASSWORD_MISMATCH_KEY = "validation.passwordMismatch";

/** Spec §4: brands, alliances and accounts are enabled or disabled (the console shows "unknown" otherwise). */
export const ENABLED_STATUS = { disabled: 0, enabled: 1 } as const;
export const enabledStatus = z.union([z.literal(ENABLED_STATUS.disabled), z.literal(ENABLED_STATUS.enabled)], {
  error: "validation.invalid",
});

/** Whole seconds since the epoch (spec §9), for date filters; a `to` is inclusive of its whole second. */
export const epochSeconds = z
  .number({ error: "validation.invalid" })
  .int({ error: "validation.invalid" })
  .min(0, { error: "validation.invalid" })
  .max(253_402_300_799, { error: "validation.invalid" });
