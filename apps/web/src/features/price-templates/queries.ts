import { API } from "@washboard/shared";
import { queryClient } from "../../app/api/query-client";

/** Lists (and the usage figure) of price templates refetch after any change. */
export function refreshPriceTemplates() {
  return queryClient.invalidateQueries({ queryKey: ["list", API.priceTemplate.list.path] });
}
