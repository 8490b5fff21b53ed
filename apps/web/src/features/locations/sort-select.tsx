import { NAME_SORTS, type NameSort } from "@washboard/shared";
import { Select } from "antd";
import { i18next } from "../../app/i18n";
import type { FilterField } from "../../app/ui/data-table/FilterBar";

const SORT_LABEL_KEYS: Record<NameSort, string> = {
  newest: "locations.sort.newest",
  oldest: "locations.sort.oldest",
  name_asc: "locations.sort.nameAsc",
  name_desc: "locations.sort.nameDesc",
};

/** The "Sort by" field of a named-record list's filter bar (locations, shops): the server's keyset orders. */
export function sortFilterField(): FilterField {
  return {
    name: "sort",
    labelKey: "locations.sort.label",
    input: (
      <Select<NameSort>
        options={NAME_SORTS.map((value) => ({ value, label: i18next.t(SORT_LABEL_KEYS[value]) }))}
        data-testid="list-sort"
      />
    ),
  };
}
