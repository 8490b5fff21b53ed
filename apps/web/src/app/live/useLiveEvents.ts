import { useQueryClient } from "@tanstack/react-query";
import { API, isGroupLevel } from "@washboard/shared";
import { useEffect, useRef } from "react";
import { authHeaders, reportUnauthorized } from "../api/client";
import { type SessionUser, useActiveVendorId } from "../session/store";
import { LiveConnection } from "./live-connection";
import { applyLiveEvent, loadTopicHandlers } from "./topic-handlers";

/**
 * Keeps the console's one live stream open while signed in (reopened for another session or
 * chosen vendor) and merges its events into the query cache. A reconnection resumes after the last
 * event received; when the server no longer holds what was missed it says `reset`, and every
 * screen refetches. The features' handlers load with the first event; events that arrive
 * meanwhile wait for them, in order.
 */
export function useLiveEvents(user: SessionUser): void {
  const client = useQueryClient();
  const activeVendorId = useActiveVendorId();
  const context = useRef({ client, activeVendorId });
  context.current = { client, activeVendorId };

  const { token, level } = user;
  useEffect(() => {
    const vendor = isGroupLevel(level) && activeVendorId !== null ? `?vendor_id=${activeVendorId}` : "";
    const connection = new LiveConnection({
      url: () => `${API.live.events.path}${vendor}`,
      headers: () => authHeaders(token),
      onEvent: (event) => {
        // The event belongs to the vendor chosen when it came, even if applied a moment later.
        const at = context.current;
        // A failed load drops the event (the screens still read their data); the next one tries again.
        void loadTopicHandlers().then(
          (handlers) => applyLiveEvent(handlers, event.event, event.data, at),
          () => undefined,
        );
      },
      onUnauthorized: reportUnauthorized,
    });
    connection.open();
    return () => connection.close();
  }, [token, level, activeVendorId]);
}
