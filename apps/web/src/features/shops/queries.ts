import { useQuery } from "@tanstack/react-query";
import { API, type ShopOptions } from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useActiveVendorId } from "../../app/session/store";

/**
 * The names the shop screens' selects offer (shops, locations, brands, alliances), for the active
 * vendor; `select` picks what a screen needs from the one cached answer.
 */
export function useShopOptions<T = ShopOptions>(select?: (options: ShopOptions) => T) {
  const activeVendorId = useActiveVendorId();
  return useQuery({
    queryKey: queryKeys.call(API.shops.options, activeVendorId),
    queryFn: () => call(API.shops.options, {}),
    ...(select ? { select } : {}),
  });
}

/** The account's group as the shop screens show it (null: a merchant without a group). */
export function useShopGroup() {
  return useQuery({
    queryKey: queryKeys.call(API.groups.shopDetail),
    queryFn: () => call(API.groups.shopDetail, {}),
    select: (detail) => detail.group,
  });
}
