import { z } from "zod";
import { endpoint } from "./contract.js";
import { accountPassword, loginUsername, nickname, PASSWORD_MISMATCH_KEY, passwordsMatch, recordId } from "./fields.js";
import { listRequest, listResult } from "./list.js";

/**
 * Accounts a group manages: its merchants' main administrators (level 3, /groups/vendor_account)
 * and its own sub-administrators (level 7, /subacct/subacct). Both screens share these fields.
 */
export const MANAGED_ACCOUNT_STATUSES = ["enabled", "disabled"] as const;
export const managedAccountStatus = z.enum(MANAGED_ACCOUNT_STATUSES, { error: "validation.invalid" });
export type ManagedAccountStatus = z.infer<typeof managedAccountStatus>;

/** Spec §5: email cannot be empty; it must also look like an address. */
export const managedAccountEmail = z
  .string({ error: "validation.required" })
  .trim()
  .min(1, { error: "validation.required" })
  .max(254, { error: "validation.tooLong" })
  .pipe(z.email({ error: "validation.email" }));

export const managedAccountId = recordId;

export const managedAccountItem = z.object({
  account_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  status: managedAccountStatus,
  created_at: z.number().int(),
  last_login_at: z.number().int().nullable(),
});
export type ManagedAccountItem = z.infer<typeof managedAccountItem>;

/** New account: username, nickname, email, and a 6–16 character password typed twice (spec §5). */
export const managedAccountCreateFields = {
  username: loginUsername,
  nickname,
  email: managedAccountEmail,
  password: accountPassword,
  confirm_password: z.string({ error: "validation.required" }),
};

/** Changes to an account: any of nickname and email, a password reset (typed twice), or its status. */
export const managedAccountModifyFields = {
  account_id: managedAccountId,
  nickname: nickname.optional(),
  email: managedAccountEmail.optional(),
  password: accountPassword.optional(),
  confirm_password: z.string().optional(),
  status: managedAccountStatus.optional(),
};

/** Refines an account payload: a password, when given, must match its confirmation. */
export function withPasswordConfirmation<
  T extends z.ZodType<{ password?: string | undefined; confirm_password?: string | undefined }>,
>(schema: T) {
  return schema.refine((v) => v.password === undefined || passwordsMatch(v), {
    error: PASSWORD_MISMATCH_KEY,
    path: ["confirm_password"],
  });
}

export const managedAccountFilters = {
  /** Part of the username, nickname or email, case-insensitive. */
  keyword: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  status: managedAccountStatus.optional(),
};

export const vendorAccountItem = managedAccountItem.extend({ vendor_id: z.number().int(), vendor_name: z.string() });
export type VendorAccountItem = z.infer<typeof vendorAccountItem>;

export const vendorAccountListRequest = listRequest({
  ...managedAccountFilters,
  /** One vendor of the group; absent, the vendor chosen in the top bar, or every vendor of the group. */
  vendor_id: recordId.optional(),
});
export const vendorAccountListResult = listResult(vendorAccountItem);

export const createVendorAccountRequest = withPasswordConfirmation(
  z.object({ vendor_id: managedAccountId, ...managedAccountCreateFields }),
);
export const modifyVendorAccountRequest = withPasswordConfirmation(z.object(managedAccountModifyFields));

const GROUP_LEVELS = [6, 7] as const;

export const vendorAccountEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Vendor/get_vendor_acct_list",
    summary: "Main administrator accounts (level 3) of the group's vendors, filtered and paged by cursor",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: vendorAccountListRequest,
    result: vendorAccountListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Vendor/create_vendor_acct",
    summary: "Create a main administrator account (level 3) for a vendor of the group",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: createVendorAccountRequest,
    result: vendorAccountItem,
    mutates: true,
    log: "vendorAccounts.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Vendor/modify_vendor_acct",
    summary:
      "Change a vendor account's nickname, email, password or status; a new password or disabling ends its sessions",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: modifyVendorAccountRequest,
    result: vendorAccountItem,
    mutates: true,
    log: "vendorAccounts.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Vendor/remove_vendor_acct",
    summary: "Remove a vendor account; its sessions end",
    access: { kind: "session", levels: GROUP_LEVELS },
    body: z.object({ account_id: managedAccountId }),
    result: z.object({ account_id: z.number().int() }),
    mutates: true,
    log: "vendorAccounts.remove",
  }),
} as const;
