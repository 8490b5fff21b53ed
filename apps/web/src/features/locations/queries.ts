import { API } from "@washboard/shared";
import { queryClient } from "../../app/api/query-client";

/**
 * After a location changes: its list, the shop screen's selects (API.shop.options) and the shop
 * list, which shows location names.
 */
export function refreshLocations() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["list", API.location.list.path] }),
    queryClient.invalidateQueries({ queryKey: ["list", API.shop.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.shop.options.path] }),
  ]);
}
