import { z } from "zod";
import { emptyBody, endpoint } from "./contract.js";

export const deviceStatusCountsResult = z.object({
  total_count: z.number().int(),
  warning_count: z.number().int(),
  overdue_count: z.number().int(),
});

export const devicesEndpoints = {
  statusCounts: endpoint({
    method: "POST",
    path: "/api/Device/get_device_status_count",
    summary: "Counts of the vendor's devices whose subscription is expiring soon or expired",
    access: { kind: "session", levels: [3, 4] },
    body: emptyBody,
    result: deviceStatusCountsResult,
    mutates: false,
  }),
} as const;
