import type { MemberListFilters, SessionAlliance } from "@washboard/shared";
import { Checkbox, Input, Select } from "antd";
import { i18next } from "../../app/i18n";
import { DateRangeField, type DateRangeValue, dateRangeSeconds } from "../../app/ui/data-table/DateRangeField";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { ShopSelect } from "../device-log/filters";

/** The members filter form before it becomes the list call's filters. */
export interface MemberFilterForm {
  search?: string;
  shop_id?: number;
  alliance_id?: number;
  registered?: DateRangeValue;
  balance_min?: string;
  balance_max?: string;
  birthday_this_month?: boolean;
}

/** Spec issue "members": phone, card or name; shop; registration dates; balance range; birthdays. */
export function memberFilterFields(
  timeZone: string,
  allowed: { shops: boolean },
  alliances: readonly SessionAlliance[],
): FilterField[] {
  const fields: FilterField[] = [
    {
      name: "search",
      labelKey: "members.filters.search",
      input: <Input allowClear maxLength={64} data-testid="members-search" />,
    },
  ];
  if (allowed.shops) fields.push({ name: "shop_id", labelKey: "members.fields.shop", input: <ShopSelect /> });
  if (alliances.length > 0) {
    fields.push({
      name: "alliance_id",
      labelKey: "members.fields.alliance",
      input: (
        <Select
          allowClear
          placeholder={i18next.t("table.all")}
          options={alliances.map((a) => ({ value: a.id, label: a.name }))}
          data-testid="members-alliance"
        />
      ),
    });
  }
  fields.push(
    {
      name: "registered",
      labelKey: "members.filters.registered",
      wide: true,
      input: <DateRangeField timeZone={timeZone} />,
    },
    {
      name: "balance_min",
      labelKey: "members.filters.balanceMin",
      input: <Input allowClear inputMode="decimal" data-testid="members-balance-min" />,
    },
    {
      name: "balance_max",
      labelKey: "members.filters.balanceMax",
      input: <Input allowClear inputMode="decimal" />,
    },
    {
      name: "birthday_this_month",
      labelKey: "members.filters.birthdayThisMonth",
      valuePropName: "checked",
      input: <Checkbox data-testid="members-birthday" />,
    },
  );
  return fields;
}

export function toMemberFilters(
  form: MemberFilterForm,
  timeZone: string,
  parse: (text: string) => number | null,
): MemberListFilters {
  const search = form.search?.trim();
  const range = dateRangeSeconds(form.registered, timeZone);
  const amount = (text: string | undefined) => {
    const minor = text?.trim() ? parse(text) : null;
    return minor === null || minor < 0 ? undefined : minor;
  };
  const min = amount(form.balance_min);
  const max = amount(form.balance_max);
  return {
    ...(search ? { search } : {}),
    ...(form.shop_id ? { shop_id: form.shop_id } : {}),
    ...(form.alliance_id ? { alliance_id: form.alliance_id } : {}),
    ...(range.from !== undefined ? { registered_from: range.from } : {}),
    ...(range.to !== undefined ? { registered_to: range.to } : {}),
    ...(min !== undefined ? { balance_min: min } : {}),
    ...(max !== undefined ? { balance_max: max } : {}),
    ...(form.birthday_this_month ? { birthday_this_month: true } : {}),
  };
}
