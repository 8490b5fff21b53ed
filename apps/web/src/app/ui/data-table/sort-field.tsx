import { NAME_SORTS, type NameSort } from "@washboard/shared";
import { Select } from "antd";
import { i18next } from "../../i18n";
import type { FilterField } from "./FilterBar";

const SORT_LABEL_KEYS: Record<NameSort, string> = {
  newest: "table.sort.newest",
  oldest: "table.sort.oldest",
  name_asc: "table.sort.nameAsc",
  name_desc: "table.sort.nameDesc",
};

/**
 * The "Sort by" field of a named-record list's filter bar: the server's keyset orders
 * (packages/shared/src/api/name-sort.ts). Give the filter bar `initialValues={{ sort: "newest" }}`.
 */
export function sortFilterField(): FilterField {
  return {
    name: "sort",
    labelKey: "table.sort.label",
    input: (
      <Select<NameSort>
        options={NAME_SORTS.map((value) => ({ value, label: i18next.t(SORT_LABEL_KEYS[value]) }))}
        data-testid="list-sort"
      />
    ),
  };
}

/** The sort to send: none for the default order, so the list call's payload stays minimal. */
export function sortFilter(sort: NameSort | undefined): { sort?: NameSort } {
  return sort && sort !== "newest" ? { sort } : {};
}
