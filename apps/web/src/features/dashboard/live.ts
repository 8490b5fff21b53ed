import { API, DASHBOARD_RECENT_OPERATIONS, type DashboardSummary } from "@washboard/shared";
import { queryKeys } from "../../app/api/query-keys";
import type { LiveHandlers } from "../../app/feature-contract";

/** What the live stream changes on the dashboard. */
const liveHandlers: LiveHandlers = {
  // A logged operation goes first in the recent operations, once, keeping as many as shown.
  "operationLog.recorded": (operation, { client, activeVendorId }) => {
    client.setQueryData<DashboardSummary>(queryKeys.call(API.dashboard.summary, activeVendorId), (summary) => {
      if (!summary || summary.recent_operations.some((o) => o.id === operation.id)) return summary;
      const recent = [operation, ...summary.recent_operations].slice(0, DASHBOARD_RECENT_OPERATIONS);
      return { ...summary, recent_operations: recent };
    });
  },
  // The dashboard counts the devices online, busy and faulted.
  "devices.status": ({ devices }, { client, activeVendorId }) => {
    if (devices.some((d) => d.online !== undefined || d.busy !== undefined || d.fault !== undefined)) {
      void client.invalidateQueries({ queryKey: queryKeys.call(API.dashboard.summary, activeVendorId) });
    }
  },
};

export default liveHandlers;
