import { useQueryClient } from "@tanstack/react-query";
import type { DeviceItem } from "@washboard/shared";
import { useCallback, useSyncExternalStore } from "react";
import { useActiveVendorId } from "../../app/session/store";
import { cachedDevice } from "./device-cache";

/**
 * A device row kept up to date while a dialog shows it: the live stream merges its changes into
 * the cached list pages, and this reads it back from there (the row as opened, when no page holds it).
 */
export function useLiveDevice(device: DeviceItem): DeviceItem {
  const client = useQueryClient();
  const activeVendorId = useActiveVendorId();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  return useSyncExternalStore(subscribe, () => cachedDevice(client, activeVendorId, device.id) ?? device);
}
