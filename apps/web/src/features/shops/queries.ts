import { useQuery } from "@tanstack/react-query";
import { API } from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";
import { useSession } from "../../app/session/store";

/** The names the shop screen's selects offer (locations, brands, alliances), for the active vendor. */
export function useShopOptions() {
  const vendorId = useSession()?.activeVendorId ?? null;
  return useQuery({
    queryKey: [API.shop.options.path, vendorId],
    queryFn: () => call(API.shop.options, {}),
  });
}

/** After a shop changes: the shop list (and its usage figure) and the selects naming shops. */
export function refreshShops() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["list", API.shop.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.shop.options.path] }),
    queryClient.invalidateQueries({ queryKey: ["list", API.location.list.path] }),
  ]);
}
