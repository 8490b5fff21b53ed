import { z } from "zod";
import { endpoint } from "./contract.js";
import { listRequest, listResult } from "./list.js";
import {
  managedAccountCreateFields,
  managedAccountFilters,
  managedAccountId,
  managedAccountItem,
  managedAccountModifyFields,
  withPasswordConfirmation,
} from "./vendor-accounts.js";

/** /subacct/subacct: the group's sub-administrators (level 7), managed by its main administrator. */
export const groupSubAccountListRequest = listRequest(managedAccountFilters);
export const groupSubAccountListResult = listResult(managedAccountItem);
export const createGroupSubAccountRequest = withPasswordConfirmation(z.object(managedAccountCreateFields));
export const modifyGroupSubAccountRequest = withPasswordConfirmation(z.object(managedAccountModifyFields));

export const groupSubAccountEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/Group/get_group_sub_acct",
    summary: "The group's sub-administrator accounts (level 7), filtered and paged by cursor",
    access: { kind: "session", levels: [6, 7] },
    body: groupSubAccountListRequest,
    result: groupSubAccountListResult,
    mutates: false,
  }),
  create: endpoint({
    method: "POST",
    path: "/api/Group/create_group_sub_acct",
    summary: "Create a group sub-administrator account (group main administrator only)",
    access: { kind: "session", levels: [6] },
    body: createGroupSubAccountRequest,
    result: managedAccountItem,
    mutates: true,
    log: "groupSubAccounts.create",
  }),
  modify: endpoint({
    method: "POST",
    path: "/api/Group/modify_group_sub_acct",
    summary:
      "Change a group sub-account's nickname, email, password or status; a new password or disabling ends its sessions",
    access: { kind: "session", levels: [6] },
    body: modifyGroupSubAccountRequest,
    result: managedAccountItem,
    mutates: true,
    log: "groupSubAccounts.modify",
  }),
  remove: endpoint({
    method: "POST",
    path: "/api/Group/remove_group_sub_acct",
    summary: "Remove a group sub-account; its sessions end",
    access: { kind: "session", levels: [6] },
    body: z.object({ account_id: managedAccountId }),
    result: z.object({ account_id: z.number().int() }),
    mutates: true,
    log: "groupSubAccounts.remove",
  }),
} as const;
