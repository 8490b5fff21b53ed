import { useQuery } from "@tanstack/react-query";
import { API, type ShopOptions } from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";
import { useSession } from "../../app/session/store";

/**
 * The names the shop screens' selects offer (shops, locations, brands, alliances), for the active
 * vendor; `select` picks what a screen needs from the one cached answer.
 */
export function useShopOptions<T = ShopOptions>(select?: (options: ShopOptions) => T) {
  const vendorId = useSession()?.activeVendorId ?? null;
  return useQuery({
    queryKey: [API.shop.options.path, vendorId],
    queryFn: () => call(API.shop.options, {}),
    ...(select ? { select } : {}),
  });
}

/**
 * After a shop changes: the shop list (and its usage figure), the selects naming shops, and the
 * lists that show shop names or counts (locations, alliances and their member picker, pay QR codes).
 */
export function refreshShops() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["list", API.shop.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.shop.options.path] }),
    queryClient.invalidateQueries({ queryKey: ["list", API.location.list.path] }),
    queryClient.invalidateQueries({ queryKey: ["list", API.alliance.list.path] }),
    queryClient.invalidateQueries({ queryKey: [API.alliance.freeShops.path] }),
    queryClient.invalidateQueries({ queryKey: ["list", API.payqr.list.path] }),
  ]);
}
