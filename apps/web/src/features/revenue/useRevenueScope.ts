import { activeVendor, useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";

/**
 * What a revenue screen shows for the signed-in account: one vendor (its own, or the one chosen in
 * the top bar) with a shop filter when it may read shops, or a whole group — a vendor column then,
 * each vendor in its own currency.
 */
export function useRevenueScope() {
  const user = useSession();
  const can = useCan();
  const vendor = activeVendor(user);
  return {
    timeZone: useTimeZone(),
    groupWide: vendor === null,
    shops: vendor !== null && can("shop_query"),
  };
}
