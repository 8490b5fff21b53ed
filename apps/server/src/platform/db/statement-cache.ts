import { createHash } from "node:crypto";
import type pg from "pg";

/** Statements PostgreSQL can keep prepared (DDL and the like are sent as they are). */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

interface QueryConfig {
  text?: string;
  name?: string;
}

/**
 * Names every query by its SQL text, so each pooled connection prepares it once and reuses the
 * plan: the queries' values are always parameters, so their texts are few, and planning — not
 * executing — was most of the database's time on an ordinary call. Each connection keeps its own
 * statements; the pool retires connections after a while (`maxLifetimeSeconds`) so that rarely used
 * ones do not pile up.
 */
export function cacheStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const named = (config: unknown): unknown => {
    const candidate = config as QueryConfig | null;
    if (typeof candidate !== "object" || candidate === null || candidate.name || !candidate.text) return config;
    if (!PREPARABLE.test(candidate.text)) return config;
    const name = `wb_${createHash("sha1").update(candidate.text).digest("base64url").slice(0, 22)}`;
    return { ...candidate, name };
  };
  // The pool calls its clients with a callback after the values: everything after the config passes through.
  (client as unknown as { query: (config: unknown, ...rest: unknown[]) => unknown }).query = (config, ...rest) =>
    query(named(config), ...rest);
}
