import { useQuery } from "@tanstack/react-query";
import { API } from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";

/** The brands and control templates a model may use, for selects. */
export function useCatalogueOptions() {
  return useQuery({
    queryKey: queryKeys.call(API.washerCatalogue.options),
    queryFn: () => call(API.washerCatalogue.options, {}),
  });
}
