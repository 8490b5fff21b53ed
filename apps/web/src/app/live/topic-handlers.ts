import type { QueryClient } from "@tanstack/react-query";
import {
  API,
  DASHBOARD_RECENT_OPERATIONS,
  type DashboardSummary,
  type LiveData,
  type LiveTopic,
} from "@washboard/shared";
import { mergeCommandHistory, mergeDeviceStatus, recordOutcomes } from "../../features/devices/device-cache";
import { queryKeys } from "../api/query-keys";

export interface LiveContext {
  client: QueryClient;
  /** The vendor the top bar has chosen (levels 6/7), whose cached answers the event belongs to. */
  activeVendorId: number | null;
}

/**
 * What each live topic does to the query cache: merge the new fact where it is shown (so the screen
 * changes without a round trip) and mark the lists it changes stale. One entry per topic of
 * LIVE_TOPICS; the type makes a new topic without a handler a compile error.
 */
export const TOPIC_HANDLERS: { [T in LiveTopic]: (data: LiveData<T>, context: LiveContext) => void } = {
  "operationLog.recorded": (operation, { client, activeVendorId }) => {
    client.setQueryData<DashboardSummary>(queryKeys.call(API.dashboard.summary, activeVendorId), (summary) => {
      if (!summary || summary.recent_operations.some((o) => o.id === operation.id)) return summary;
      const recent = [operation, ...summary.recent_operations].slice(0, DASHBOARD_RECENT_OPERATIONS);
      return { ...summary, recent_operations: recent };
    });
    void client.invalidateQueries({ queryKey: queryKeys.domain("operationLog") });
  },
  "devices.status": ({ devices }, { client, activeVendorId }) => {
    mergeDeviceStatus(client, activeVendorId, devices);
    // A list answer still on its way was read before this change was written, and would overwrite
    // the merge when it lands: read it again instead (the event is published after the write).
    const lists = queryKeys.call(API.devices.list, activeVendorId);
    if (client.isFetching({ queryKey: lists }) > 0) void client.invalidateQueries({ queryKey: lists });
    // The dashboard counts the devices online, busy and faulted.
    if (devices.some((d) => d.online !== undefined || d.busy !== undefined || d.fault !== undefined)) {
      void client.invalidateQueries({ queryKey: queryKeys.call(API.dashboard.summary, activeVendorId) });
    }
  },
  "devices.command": (command, { client, activeVendorId }) => {
    mergeCommandHistory(client, activeVendorId, command);
    recordOutcomes(client, activeVendorId, [command]);
  },
  // An order paid or a refund done: the revenue screens, the dashboard's figures and the order lists
  // on screen read again (a provider's refund ends after its call has answered).
  "revenue.changed": (_data, { client }) => {
    void client.invalidateQueries({ queryKey: queryKeys.domain("revenue") });
    void client.invalidateQueries({ queryKey: queryKeys.domain("orders") });
  },
};

/** Applies one event of the stream; control events (`reset`) refetch everything on screen. */
export function applyLiveEvent(topic: string, data: string, context: LiveContext): void {
  if (topic === "reset") {
    void context.client.invalidateQueries();
    return;
  }
  const handler = TOPIC_HANDLERS[topic as LiveTopic] as ((data: unknown, context: LiveContext) => void) | undefined;
  // The server validated what it published; a topic this console does not know yet is ignored.
  if (handler) handler(JSON.parse(data), context);
}
