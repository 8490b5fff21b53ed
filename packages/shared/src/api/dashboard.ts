import { z } from "zod";
import { endpoint } from "./contract.js";

export const dashboardSummaryResult = z.object({
  scope: z.enum(["vendor", "group"]),
  name: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  vendor_count: z.number().int(),
  account_count: z.number().int(),
  device_count: z.number().int(),
  device_online_count: z.number().int(),
  last_login_at: z.number().int().nullable(),
  last_login_ip: z.string().nullable(),
  recent_operations: z.array(
    z.object({
      id: z.number().int(),
      action: z.string(),
      outcome: z.enum(["success", "failure"]),
      created_at: z.number().int(),
      actor: z.string(),
    }),
  ),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResult>;

export const dashboardEndpoints = {
  summary: endpoint({
    method: "POST",
    path: "/api/v3/Dashboard/get_account_summary",
    summary: "The console's account summary: scope, counts and recent operations",
    access: { kind: "session", levels: [3, 4, 6, 7], permission: "v_console" },
    body: z.object({ vendor_id: z.number().int().optional() }),
    result: dashboardSummaryResult,
    mutates: false,
  }),
} as const;
