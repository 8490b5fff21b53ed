import { index, integer, pgTable, serial, text, unique, varchar } from "drizzle-orm/pg-core";
import { createdAt } from "../../platform/db/columns.js";
import { groups } from "../tenancy/tables.js";

/** A virtual card of a group (spec §3): a name and at most one image. */
export const ecards = pgTable(
  "ecards",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id),
    name: varchar("name", { length: 64 }).notNull(),
    image: text("image").array().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [unique("ecards_group_name_unique").on(t.groupId, t.name), index("ecards_group_idx").on(t.groupId, t.id)],
);
