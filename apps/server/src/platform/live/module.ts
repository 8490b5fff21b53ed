import { API, hasPermission, LIVE_TOPICS } from "@washboard/shared";
import type { SignedInContext } from "../http/context.js";
import { defineModule } from "../module.js";
import type { LiveEvent } from "./bus.js";
import * as tables from "./tables.js";

/**
 * Who may see an event: a known topic, the topic's permission key for level 4, a shop-scoped topic's
 * shop for a sub-account limited to some shops, and the tenant — a vendor's event for that vendor's
 * consoles (levels 3/4, or 6/7 with it chosen), a group's own event for its group consoles without
 * a vendor chosen.
 */
export function maySee(event: LiveEvent, ctx: SignedInContext): boolean {
  const topic = LIVE_TOPICS[event.topic as keyof typeof LIVE_TOPICS];
  if (!topic) return false;
  if (ctx.actor.level === 4 && !hasPermission(ctx.actor.permissions, topic.permission)) return false;
  const { scope } = ctx;
  // A sub-account limited to some shops hears of their machines only (a machine in no shop: none).
  if (scope.shopIds && "shopScoped" in topic && (event.shopId == null || !scope.shopIds.includes(event.shopId))) {
    return false;
  }
  if (scope.vendorId !== null) return event.vendorId === scope.vendorId;
  return event.vendorId === null && scope.groupId !== null && event.groupId === scope.groupId;
}

/** The live stream endpoint and its bus, started before the modules that publish on it. */
export const liveModule = defineModule({
  name: "live",
  tables,
  routes(r) {
    r.stream(API.live.events, { select: maySee });
  },
  async start({ live }) {
    await live.start();
    return { stop: () => live.stop() };
  },
});
