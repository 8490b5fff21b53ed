import { useQuery } from "@tanstack/react-query";
import { API } from "@washboard/shared";
import { call } from "../../app/api/client";
import { queryClient } from "../../app/api/query-client";

const CATALOGUE_PATHS = [
  API.washerCatalogue.brands.path,
  API.washerCatalogue.models.path,
  API.washerCatalogue.controlTemplates.path,
  API.washerCatalogue.options.path,
];

/** Every catalogue list and the select options refetch after any change (counts and names cross tabs). */
export function refreshCatalogue() {
  return Promise.all(CATALOGUE_PATHS.map((path) => queryClient.invalidateQueries({ queryKey: ["list", path] })));
}

/** The brands and control templates a model may use, for selects. */
export function useCatalogueOptions() {
  return useQuery({
    queryKey: ["list", API.washerCatalogue.options.path],
    queryFn: () => call(API.washerCatalogue.options, {}),
  });
}
