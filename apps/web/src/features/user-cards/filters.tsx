import { CARD_STATUSES, CARD_TYPES, type CardListFilters } from "@washboard/shared";
import { Input, Select } from "antd";
import { i18next } from "../../app/i18n";
import type { FilterField } from "../../app/ui/data-table/FilterBar";

export interface CardFilterForm {
  search?: string;
  type?: (typeof CARD_TYPES)[number];
  status?: (typeof CARD_STATUSES)[number];
  bound?: "yes" | "no";
}

const t = (key: string) => i18next.t(key);

export function cardFilterFields(): FilterField[] {
  return [
    {
      name: "search",
      labelKey: "cards.filters.search",
      input: <Input allowClear maxLength={64} data-testid="cards-search" />,
    },
    {
      name: "type",
      labelKey: "cards.fields.type",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={CARD_TYPES.map((v) => ({ value: v, label: t(`cards.type.${v}`) }))}
        />
      ),
    },
    {
      name: "status",
      labelKey: "cards.fields.status",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={CARD_STATUSES.map((v) => ({ value: v, label: t(`cards.status.${v}`) }))}
        />
      ),
    },
    {
      name: "bound",
      labelKey: "cards.filters.bound",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={[
            { value: "yes", label: t("cards.filters.boundYes") },
            { value: "no", label: t("cards.filters.boundNo") },
          ]}
        />
      ),
    },
  ];
}

export function toCardFilters(form: CardFilterForm): CardListFilters {
  const search = form.search?.trim();
  return {
    ...(search ? { search } : {}),
    ...(form.type ? { type: form.type } : {}),
    ...(form.status ? { status: form.status } : {}),
    ...(form.bound ? { bound: form.bound === "yes" } : {}),
  };
}
