import { API } from "@washboard/shared";
import { queryClient } from "../../app/api/query-client";

/** Lists (and the usage figure) of brands refetch after any change. */
export function refreshBrands() {
  return queryClient.invalidateQueries({ queryKey: ["list", API.brand.list.path] });
}
