import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { queryKeys } from "../../app/api/query-keys";

/** How often an open rollouts screen reads its rollouts again: machines move on by the second. */
export const ROLLOUT_REFRESH_MS = 2_000;

/**
 * While mounted, reads the OTA screen's answers again every ROLLOUT_REFRESH_MS: the rollouts, a
 * rollout's waves and events, its machines' progress.
 */
export function useRolloutRefresh() {
  const client = useQueryClient();
  useEffect(() => {
    const timer = setInterval(
      () => void client.invalidateQueries({ queryKey: queryKeys.domain("ota") }),
      ROLLOUT_REFRESH_MS,
    );
    return () => clearInterval(timer);
  }, [client]);
}
