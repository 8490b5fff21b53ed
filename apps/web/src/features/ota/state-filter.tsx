import { Select } from "antd";
import { i18next } from "../../app/i18n";
import type { FilterField } from "../../app/ui/data-table/FilterBar";

/** A filter by state, each state named by its key under `labelPrefix` (a rollout's, a machine's). */
export function stateFilterField(states: readonly string[], labelPrefix: string): FilterField {
  const t = i18next.t;
  return {
    name: "state",
    labelKey: "ota.fields.state",
    input: (
      <Select
        allowClear
        placeholder={t("table.all")}
        options={states.map((state) => ({ value: state, label: t(`${labelPrefix}.${state}`) }))}
      />
    ),
  };
}
