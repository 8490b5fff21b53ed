import { z } from "zod";
import { CONSOLE_LEVELS } from "../access/levels.js";
import { LIMITS } from "../limits.js";
import { emptyBody, endpoint } from "./contract.js";
import {
  accountPassword,
  currencyCode,
  languageCode,
  loginPassword,
  loginUsername,
  nickname,
  PASSWORD_MISMATCH_KEY,
  passwordsMatch,
  recordId,
  requiredText,
  timeZone,
} from "./fields.js";

export const loginRequest = z.object({ login: loginUsername, password: loginPassword });

export const loginResult = z.object({
  token: z.string(),
  level: z.number().int(),
  vendor_id: z.number().int().nullable(),
  group_id: z.number().int().nullable(),
  username: z.string(),
  name: z.string(),
  avatar: z.string(),
  /** Spec §4: the level is the account's only role. */
  roles: z.array(z.string()),
  expires_at: z.number().int(),
});
export type LoginResult = z.infer<typeof loginResult>;

export const modifyOwnRequest = z
  .object({
    nickname: nickname.optional(),
    old_pwd: z.string({ error: "validation.required" }).min(1, { error: "validation.oldPasswordRequired" }),
    new_pwd: z
      .string()
      .max(LIMITS.inputMax, { error: "validation.max20" })
      .refine((v) => v === "" || (v.length >= LIMITS.newPasswordMin && !/\s/.test(v)), {
        error: "validation.newPasswordMin",
      })
      .optional(),
    confirm_new_pwd: z.string().max(LIMITS.inputMax, { error: "validation.max20" }).optional(),
  })
  .refine((v) => (v.new_pwd ?? "") === (v.confirm_new_pwd ?? ""), {
    error: PASSWORD_MISMATCH_KEY,
    path: ["confirm_new_pwd"],
  });

export const registerRequest = z
  .object({
    /** quick: keyed to a browser identifier, credentials generated; manual: chosen by the person. */
    mode: z.enum(["quick", "manual"]),
    browser_id: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,128}$/, { error: "validation.browserId" })
      .optional(),
    merchant_name: requiredText(LIMITS.merchantName.max),
    currency: currencyCode,
    language: languageCode,
    time_zone: timeZone,
    username: loginUsername.optional(),
    password: accountPassword.optional(),
    confirm_password: z.string().optional(),
  })
  .refine((v) => v.mode !== "quick" || v.browser_id !== undefined, {
    error: "validation.browserId",
    path: ["browser_id"],
  })
  .refine((v) => v.mode !== "manual" || v.username !== undefined, {
    error: "validation.required",
    path: ["username"],
  })
  .refine((v) => v.mode !== "manual" || v.password !== undefined, {
    error: "validation.required",
    path: ["password"],
  })
  .refine((v) => v.mode !== "manual" || passwordsMatch(v), {
    error: PASSWORD_MISMATCH_KEY,
    path: ["confirm_password"],
  });

export const registerResult = loginResult.extend({
  /** Shown once after a quick registration; the person should change it. */
  generated_password: z.string().optional(),
});

export const permissionListResult = z.object({ permission_list: z.array(z.string()) });

export const commonInfo = z.object({
  currency: z.string(),
  hide_symbol: z.enum(["0", "1"]),
  time_zone: z.string(),
  language: z.string(),
});

export const accountInfoResult = z.object({
  account: z.object({
    id: z.number().int(),
    username: z.string(),
    nickname: z.string(),
    email: z.string(),
    level: z.number().int(),
    last_login_at: z.number().int().nullable(),
    last_login_ip: z.string().nullable(),
  }),
  vendor: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  common_info: commonInfo,
});
export type AccountInfo = z.infer<typeof accountInfoResult>;

const ALL = CONSOLE_LEVELS;

export const authEndpoints = {
  login: endpoint({
    method: "POST",
    path: "/api/Auth/login",
    summary: "Sign in with username and password",
    access: { kind: "public" },
    body: loginRequest,
    result: loginResult,
    mutates: true,
    log: "auth.login",
  }),
  logout: endpoint({
    method: "GET",
    path: "/api/Auth/logout",
    summary: "Revoke the current session",
    access: { kind: "session" },
    body: emptyBody,
    result: z.object({}),
    mutates: true,
    log: "auth.logout",
  }),
  modifyOwn: endpoint({
    method: "POST",
    path: "/api/v2/Auth/modify",
    summary: "Change own nickname and password; revokes the account's other sessions",
    // The account settings screen's call: level 4 needs sett_acct, as the screen's route does.
    access: { kind: "session", levels: ALL, permission: "sett_acct" },
    body: modifyOwnRequest,
    result: z.object({ nickname: z.string(), password_changed: z.boolean() }),
    mutates: true,
    log: "auth.modifyOwn",
  }),
  register: endpoint({
    method: "POST",
    path: "/api/Auth/register",
    summary: "Quick-register a new merchant (level 3 account and its vendor)",
    access: { kind: "public" },
    body: registerRequest,
    result: registerResult,
    mutates: true,
    log: "auth.register",
  }),
  permissions: endpoint({
    method: "POST",
    path: "/api/v2/Auth/get_permission_list",
    summary: "Permission keys of a level-4 account",
    access: { kind: "session", levels: [4] },
    body: emptyBody,
    result: permissionListResult,
    mutates: false,
  }),
  accountInfo: endpoint({
    method: "POST",
    path: "/api/v2/Auth/get_account_info",
    summary: "The signed-in account, its vendor or group, and common_info (currency, hide_symbol)",
    access: { kind: "session", levels: ALL },
    body: z.object({ vendor_id: recordId.optional() }),
    result: accountInfoResult,
    mutates: false,
  }),
} as const;
