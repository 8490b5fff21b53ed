import { z } from "zod";
import { endpoint } from "./contract.js";
import { epochSeconds } from "./fields.js";
import { listRequest, listResult } from "./list.js";

export const OPERATION_OUTCOMES = ["success", "failure"] as const;
export type OperationOutcome = (typeof OPERATION_OUTCOMES)[number];

export const operationLogFilters = {
  /** Part of the actor's username, case-insensitive. */
  actor: z.string().trim().max(64, { error: "validation.tooLong" }).optional(),
  /** An action id ("auth.login"), exactly. */
  action: z.string().trim().max(96, { error: "validation.tooLong" }).optional(),
  outcome: z.enum(OPERATION_OUTCOMES, { error: "validation.invalid" }).optional(),
  from: epochSeconds.optional(),
  to: epochSeconds.optional(),
};

export const operationLogItem = z.object({
  id: z.number().int(),
  created_at: z.number().int(),
  actor: z.string(),
  /** The action id; the console shows it as `actions.<id>`. */
  action: z.string(),
  target: z.string(),
  outcome: z.enum(OPERATION_OUTCOMES),
  error_code: z.string().nullable(),
  ip: z.string(),
  vendor_id: z.number().int().nullable(),
  vendor_name: z.string().optional(),
});
export type OperationLogItem = z.infer<typeof operationLogItem>;

export const operationLogListRequest = listRequest(operationLogFilters);
export const operationLogListResult = listResult(operationLogItem);

export const operationLogEndpoints = {
  list: endpoint({
    method: "POST",
    path: "/api/v2/Log/get_account_log_details",
    summary: "The operation log of the account's tenant, newest first, filtered and paged by cursor",
    access: { kind: "session", levels: [3, 4, 6, 7], permission: "log_opts" },
    body: operationLogListRequest,
    result: operationLogListResult,
    mutates: false,
  }),
} as const;
