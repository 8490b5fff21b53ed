import { bigserial, index, integer, jsonb, pgTable, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../db/columns.js";

/**
 * Live events kept for a while, so a browser that reconnects (to any instance) receives what it
 * missed; NOTIFY carries them to the instances listening now. Used when no REDIS_URL is set.
 */
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: varchar("topic", { length: 64 }).notNull(),
    vendorId: integer("vendor_id"),
    groupId: integer("group_id"),
    shopId: integer("shop_id"),
    data: jsonb("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("live_events_created_idx").on(t.createdAt)],
);
