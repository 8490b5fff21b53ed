import { z } from "zod";
import { endpoint } from "./contract.js";
import { recordId } from "./fields.js";

/**
 * What the start-up check can find wrong with an outside MQTT broker: it admits a client with no
 * login, a machine with a wrong password, or lets one machine publish on another's topic.
 */
export const BROKER_RISKS = ["anonymous_accepted", "wrong_password_accepted", "foreign_topic_accepted"] as const;
export type BrokerRiskName = (typeof BROKER_RISKS)[number];

/** How many operations the dashboard lists. */
export const DASHBOARD_RECENT_OPERATIONS = 8;

/** One row of the dashboard's "recent operations" (also what the live stream pushes when a call is logged). */
export const recentOperation = z.object({
  id: z.number().int(),
  action: z.string(),
  outcome: z.enum(["success", "failure"]),
  created_at: z.number().int(),
  actor: z.string(),
});
export type RecentOperation = z.infer<typeof recentOperation>;

export const dashboardSummaryResult = z.object({
  scope: z.enum(["vendor", "group"]),
  name: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  vendor_count: z.number().int(),
  account_count: z.number().int(),
  device_count: z.number().int(),
  device_online_count: z.number().int(),
  /** Machines by state (spec §4): busy and faulted count online machines only. */
  device_states: z.object({
    online: z.number().int(),
    /** Not known to be online: offline, and unknown after the broker was away. */
    offline: z.number().int(),
    /** Of those, the ones whose presence is unknown until they speak. */
    unknown: z.number().int(),
    busy: z.number().int(),
    fault: z.number().int(),
  }),
  /** Machines by type, each with how many are online. */
  device_types: z.array(z.object({ machine_type: z.string(), count: z.number().int(), online: z.number().int() })),
  last_login_at: z.number().int().nullable(),
  last_login_ip: z.string().nullable(),
  recent_operations: z.array(recentOperation),
  /**
   * What the server found wrong with the machines' MQTT broker at start (a broker open to strangers):
   * shown to main administrators (levels 3 and 6); empty for everyone else, and with MQTT_ALLOW_INSECURE.
   */
  broker_risks: z.array(z.enum(BROKER_RISKS)),
  /**
   * The address customers and payment providers reach this install at (PUBLIC_URL): shown to main
   * administrators (levels 3 and 6), `url` null while none is set; null for everyone else.
   */
  public_address: z.object({ url: z.string().nullable() }).nullable(),
});
export type DashboardSummary = z.infer<typeof dashboardSummaryResult>;

export const dashboardEndpoints = {
  summary: endpoint({
    method: "POST",
    path: "/api/v3/Dashboard/get_account_summary",
    summary: "The console's account summary: scope, counts and recent operations",
    access: { kind: "session", levels: [3, 4, 6, 7], permission: "console" },
    body: z.object({ vendor_id: recordId.optional() }),
    result: dashboardSummaryResult,
    mutates: false,
  }),
} as const;
