import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { ServerModule } from "./platform/module.js";

/**
 * The Drizzle schema: every table the listed modules declare, by export name. drizzle-kit reads the
 * same tables from each module's tables.ts (drizzle.config.ts), and a test checks that the
 * migrations create exactly these.
 */
export function schemaOf(modules: readonly ServerModule[]): Record<string, PgTable> {
  const schema: Record<string, PgTable> = {};
  for (const module of modules) {
    for (const [name, value] of Object.entries(module.tables ?? {})) {
      if (is(value, PgTable)) schema[name] = value;
    }
  }
  return schema;
}
