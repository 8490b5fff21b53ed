import { useQueryClient } from "@tanstack/react-query";
import { API, isGroupLevel } from "@washboard/shared";
import { useEffect, useRef } from "react";
import { authHeaders, reportUnauthorized } from "../api/client";
import { type SessionUser, useActiveVendorId } from "../session/store";
import { LiveConnection } from "./live-connection";
import { applyLiveEvent } from "./topic-handlers";

/**
 * Keeps the console's one live stream open while signed in (reopened for another session or
 * chosen vendor) and merges its events into the query cache. A reconnection resumes after the last
 * event received; when the server no longer holds what was missed it says `reset`, and every
 * screen refetches.
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
      onEvent: (event) => applyLiveEvent(event.event, event.data, context.current),
      onUnauthorized: reportUnauthorized,
    });
    connection.open();
    return () => connection.close();
  }, [token, level, activeVendorId]);
}
