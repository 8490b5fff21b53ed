import { z } from "zod";
import { endpoint } from "./contract.js";
import {
  accountPassword,
  loginUsername,
  nickname,
  PASSWORD_MISMATCH_KEY,
  recordId,
  requiredRecordId,
} from "./fields.js";
import { listRequest, listResult } from "./list.js";
import { roleRecordIdRequest } from "./roles.js";

/** Vendor sub-accounts (level 4, spec §3 Sub-account, §5, §7 "Roles and sub-accounts"). */
const VENDOR = [3, 4] as const;

export const SUB_ACCOUNT_STATUSES = ["enabled", "disabled"] as const;
export type SubAccountStatus = (typeof SUB_ACCOUNT_STATUSES)[number];

/** §5: email cannot be empty. */
export const subAccountEmail = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.email" }));

const roleId = requiredRecordId;

/** Shops a sub-account sees at most (a vendor's whole plan, spec §8 "shop permission"). */
export const SUB_ACCOUNT_SHOPS_MAX = 500;

/**
 * The shops a sub-account is limited to (spec §6 "shop owner/investor", "outlet support"): at least
 * one when given; null gives it every shop of the vendor.
 */
export const subAccountShops = z
  .array(recordId, { error: "validation.invalid" })
  .min(1, { error: "validation.noShops" })
  .max(SUB_ACCOUNT_SHOPS_MAX, { error: "validation.tooManyShops" })
  .transform((ids) => [...new Set(ids)].sort((a, b) => a - b))
  .nullable();

export const subAccountItem = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  nickname: z.string(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  status: z.enum(SUB_ACCOUNT_STATUSES),
  last_login_at: z.number().int().nullable(),
  created_at: z.number().int(),
  /** The shops it is limited to; null: every shop of the vendor. */
  shop_ids: z.array(z.number().int()).nullable(),
});
export type SubAccountItem = z.infer<typeof subAccountItem>;

export const subAccountListRequest = listRequest({
  /** Part of the username or nickname, case-insensitive. */
  keyword: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  status: z.enum(SUB_ACCOUNT_STATUSES, { error: "validation.invalid" }).optional(),
  role_id: recordId.optional(),
});

export const createSubAccountRequest = z
  .object({
    username: loginUsername,
    email: subAccountEmail,
    nickname,
    password: accountPassword,
    confirm_password: z.string({ error: "validation.required" }),
    role_id: roleId,
    shop_ids: subAccountShops.default(null),
  })
  .refine((v) => v.password === v.confirm_password, { error: PASSWORD_MISMATCH_KEY, path: ["confirm_password"] });

/** Fields left out stay as they are; a new password needs its confirmation. */
export const modifySubAccountRequest = z
  .object({
    id: roleRecordIdRequest.shape.id,
    email: subAccountEmail.optional(),
    nickname: nickname.optional(),
    role_id: roleId.optional(),
    shop_ids: subAccountShops.optional(),
    status: z.enum(SUB_ACCOUNT_STATUSES, { error: "validation.invalid" }).optional(),
    password: accountPassword.optional(),
    confirm_password: z.string().optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.confirm_password, {
    error: PASSWORD_MISMATCH_KEY,
    path: ["confirm_password"],
  });

export const subAccountPermissionsResult = z.object({
  id: z.number().int(),
  role_id: z.number().int().nullable(),
  role_name: z.string().nullable(),
  /** The effective keys: the role's keys plus the locked ones. */
  permission_list: z.array(z.string()),
});

export const subAccountEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/v2/Vendor/get_sub_acts",
    summary: "Sub-accounts (level 4) of the vendor, newest first, filtered and paged",
    access: { kind: "session", levels: VENDOR, permission: "sub_act_query" },
    body: subAccountListRequest,
    result: listResult(subAccountItem),
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/v2/Role/create_sub_act",
    summary: "Create a sub-account with one of the vendor's roles; password 6-16 with a matching confirmation",
    access: { kind: "session", levels: VENDOR, permission: "sub_act_add" },
    body: createSubAccountRequest,
    result: subAccountItem,
    mutates: true,
    log: "subAccounts.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/v2/Role/modify_sub_act",
    summary: "Change a sub-account; disabling it, or changing its password or role, ends its sessions",
    access: { kind: "session", levels: VENDOR, permission: "sub_act_modify" },
    body: modifySubAccountRequest,
    result: subAccountItem,
    mutates: true,
    log: "subAccounts.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/v2/Role/remove_sub_act",
    summary: "Remove a sub-account and end its sessions",
    access: { kind: "session", levels: VENDOR, permission: "sub_act_remove" },
    body: roleRecordIdRequest,
    result: z.object({ id: z.number().int() }),
    mutates: true,
    log: "subAccounts.remove",
  }),
  shops: endpoint({
    method: "POST",
    path: "/api/v2/Role/get_shoplist",
    summary:
      "The shops a sub-account may be limited to: the vendor's (those of the caller's own shops, for a limited caller), by name",
    access: { kind: "session", levels: VENDOR, permission: "sub_act_query" },
    body: z.object({}),
    result: z.object({ items: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
    mutates: false,
  }),
  permissions: endpoint({
    method: "POST",
    path: "/api/v2/Role/get_sub_act_permissions",
    summary: "The effective permission keys of one sub-account",
    access: { kind: "session", levels: VENDOR, permission: "sub_act_query" },
    body: roleRecordIdRequest,
    result: subAccountPermissionsResult,
    mutates: false,
  }),
} as const;
