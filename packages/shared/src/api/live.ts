import { z } from "zod";
import type { PermissionLeafKey } from "../access/permissions.js";
import { endpoint } from "./contract.js";
import { recentOperation } from "./dashboard.js";
import { commandItem, DEVICE_PRESENCE } from "./devices.js";
import { recordId } from "./fields.js";

/**
 * Live events (server-sent events): what a console watching a tenant is told as it happens. Each
 * topic names its payload and the permission key a level-4 account needs to receive it — the key of
 * the screen that shows that data — and whether it is one shop's (`shopScoped`: a sub-account limited
 * to some shops receives it only for those; the others are the whole vendor's, as their screens are).
 */
export const LIVE_TOPICS = {
  /** A mutating call was logged: the dashboard's "recent operations" and the operation log. */
  "operationLog.recorded": { permission: "console", data: recentOperation },
  /** Devices whose state changed (only the fields that changed): the device list and the dashboard. */
  "devices.status": {
    permission: "dev_query",
    shopScoped: true,
    data: z.object({
      devices: z.array(
        z.object({
          id: z.number().int(),
          online: z.boolean().optional(),
          presence: z.enum(DEVICE_PRESENCE).optional(),
          busy: z.boolean().optional(),
          fault: z.string().nullable().optional(),
          firmware: z.string().optional(),
          cashbox: z.object({ current: z.number().int(), cumulative: z.number().int() }).optional(),
          params: z.record(z.string(), z.number()).optional(),
          responding: z.boolean().optional(),
          /** Absent when the change is not the machine speaking (the broker's word, a presence sweep). */
          last_seen_at: z.number().int().optional(),
        }),
      ),
    }),
  },
  /** A command was issued or reached a new state. */
  "devices.command": { permission: "dev_query", shopScoped: true, data: commandItem },
  /**
   * The vendor's revenue changed (an order paid, a refund succeeded): revenue screens and the
   * dashboard read their figures again. At most one a second per vendor from each API instance.
   */
  "revenue.changed": { permission: "console", data: z.object({}) },
} as const satisfies Record<string, { permission: PermissionLeafKey; shopScoped?: true; data: z.ZodType }>;

export type LiveTopic = keyof typeof LIVE_TOPICS;
export type LiveData<T extends LiveTopic> = z.infer<(typeof LIVE_TOPICS)[T]["data"]>;

/**
 * Control events the stream sends besides topics: `reset` when the events missed since
 * Last-Event-ID are no longer kept (refetch everything), `session-ended` before it closes because
 * the session ended.
 */
export const LIVE_CONTROL_EVENTS = ["reset", "session-ended"] as const;

export const liveEndpoints = {
  events: endpoint({
    method: "GET",
    path: "/api/live/events",
    summary:
      "Server-sent events for the signed-in tenant (text/event-stream): one event per change, `id` for Last-Event-ID resumption, heartbeats as comments. Send the session as Authorization: Bearer.",
    access: { kind: "session", levels: [3, 4, 6, 7] },
    body: z.object({
      /** Levels 6/7: the vendor chosen in the top bar. */
      vendor_id: z.coerce.number().pipe(recordId).optional(),
    }),
    result: z.object({ topic: z.string(), data: z.unknown() }),
    mutates: false,
    stream: true,
  }),
} as const;
