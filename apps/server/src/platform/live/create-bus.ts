import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import type { LiveBus } from "./bus.js";
import { DatabaseLiveBus } from "./database-bus.js";
import { RedisLiveBus } from "./redis-bus.js";

/** How long reconnecting browsers can resume from (beyond it they refetch). */
export const LIVE_RETENTION_MS = 15 * 60_000;

/** Redis when REDIS_URL is set, otherwise the database the app runs on (PostgreSQL or PGlite). */
export function createLiveBus(database: Database, config: Pick<Config, "redisUrl" | "redisLiveStream">): LiveBus {
  return config.redisUrl
    ? new RedisLiveBus(config.redisUrl, config.redisLiveStream)
    : new DatabaseLiveBus(database, LIVE_RETENTION_MS);
}
