import { useQuery } from "@tanstack/react-query";
import { API } from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useShopOptions } from "../shops/queries";

/** The vendor's shops as select options (the shop screens' one options call, keyed by vendor). */
export function useShopChoices() {
  return useShopOptions((options) => options.shops.map((s) => ({ value: s.id, label: s.name })));
}

/** The devices of one shop, for binding a code to a device. */
export function useBindDevices(shopId: number | undefined) {
  return useQuery({
    queryKey: queryKeys.call(API.payqr.bindDevices, shopId),
    queryFn: () => call(API.payqr.bindDevices, { shop_id: shopId ?? 0 }),
    enabled: shopId !== undefined,
    select: (result) =>
      result.devices.map((d) => ({ value: d.id, label: d.name ? `${d.name} (${d.serial_number})` : d.serial_number })),
  });
}
