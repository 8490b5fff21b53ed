import type { OperationLogItem, operationLogFilters } from "@washboard/shared";
import { Input, Select } from "antd";
import type { z } from "zod";
import { i18next } from "../../app/i18n";
import { DateRangeField, type DateRangeValue, dateRangeSeconds } from "../../app/ui/data-table/DateRangeField";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { actionLabel, LOGGED_ACTIONS } from "./actions";

export type LogFilters = { [K in keyof typeof operationLogFilters]?: z.input<(typeof operationLogFilters)[K]> };

/** What the filter form holds before it becomes the list call's filters. */
export interface LogFilterForm {
  actor?: string;
  action?: string;
  outcome?: OperationLogItem["outcome"];
  range?: DateRangeValue;
}

export function logFilterFields(timeZone: string): FilterField[] {
  const t = i18next.t;
  return [
    {
      name: "actor",
      labelKey: "operationLog.filters.actor",
      input: <Input allowClear maxLength={64} placeholder={t("operationLog.filters.actorPlaceholder")} />,
    },
    {
      name: "action",
      labelKey: "operationLog.filters.action",
      input: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder={t("table.all")}
          options={LOGGED_ACTIONS.map((id) => ({ value: id, label: actionLabel(id) }))}
        />
      ),
    },
    {
      name: "outcome",
      labelKey: "operationLog.filters.outcome",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={(["success", "failure"] as const).map((o) => ({ value: o, label: t(`operationLog.outcome.${o}`) }))}
        />
      ),
    },
    {
      name: "range",
      labelKey: "operationLog.filters.dateRange",
      wide: true,
      input: <DateRangeField timeZone={timeZone} data-testid="log-date-range" />,
    },
  ];
}

/** The form's values as the list call's filters; empty fields are no filter. */
export function toLogFilters(form: LogFilterForm, timeZone: string): LogFilters {
  const actor = form.actor?.trim();
  return {
    ...(actor ? { actor } : {}),
    ...(form.action ? { action: form.action } : {}),
    ...(form.outcome ? { outcome: form.outcome } : {}),
    ...dateRangeSeconds(form.range, timeZone),
  };
}
