import { timestamp } from "drizzle-orm/pg-core";

export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** Wire timestamps are whole seconds (spec §9). */
export function toSeconds(date: Date): number;
export function toSeconds(date: Date | null): number | null;
export function toSeconds(date: Date | null): number | null {
  return date === null ? null : Math.floor(date.getTime() / 1000);
}
