import type { AppDeps, Running } from "../../platform/module.js";

/** The channel the rollup triggers notify with a vendor's id when its revenue changed (rollups/roll-up.sql). */
export const REVENUE_CHANNEL = "revenue_changed";
/** At most one event a second per vendor: a busy shop's payments become one refetch, not hundreds. */
export const REVENUE_EVENT_MS = 1_000;

/**
 * Tells the consoles watching a vendor that its figures changed (`revenue.changed`), whatever wrote
 * the order or refund: the triggers notify at commit; this relays, throttled per vendor. A
 * notification missed while the listening connection was down is caught up by the screens' own
 * slow refresh.
 */
export async function relayRevenueChanges({ database, live, log }: AppDeps): Promise<Running> {
  const waiting = new Map<number, ReturnType<typeof setTimeout>>();
  const publish = (vendorId: number) => {
    waiting.delete(vendorId);
    live.publish({ topic: "revenue.changed", vendorId, groupId: null, data: {} }).catch((error: unknown) => {
      log.warn({ err: error }, "revenue change not published");
    });
  };
  const unlisten = await database.listen(REVENUE_CHANNEL, (payload) => {
    const vendorId = Number(payload);
    if (!Number.isInteger(vendorId) || waiting.has(vendorId)) return;
    waiting.set(vendorId, setTimeout(() => publish(vendorId), REVENUE_EVENT_MS).unref());
  });
  return {
    stop: async () => {
      await unlisten();
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
    },
  };
}
