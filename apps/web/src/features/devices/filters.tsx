import { type API, type BodyOf, MACHINE_TYPES, type MachineType, machineTypeLabelKey } from "@washboard/shared";
import { Input, Select } from "antd";
import { i18next } from "../../app/i18n";
import type { FilterField } from "../../app/ui/data-table/FilterBar";

/** The device list's filters: its call's payload without paging. */
export type DeviceFilters = Omit<BodyOf<typeof API.devices.list>, "cursor" | "page_size">;

/** What the filter form holds; the yes/no states are words, as a select holds them. */
export interface DeviceFilterForm {
  shop_id?: number;
  machine_type?: MachineType;
  online?: "online" | "offline";
  busy?: "busy" | "idle";
  fault?: "fault" | "noFault";
  subscription?: "expiring" | "expired";
  search?: string;
}

const t = (key: string) => i18next.t(key);

function choice<V extends string>(values: readonly V[], labelKey: (value: V) => string) {
  return (
    <Select
      allowClear
      placeholder={t("table.all")}
      options={values.map((value) => ({ value, label: t(labelKey(value)) }))}
    />
  );
}

export function deviceFilterFields(shops: { value: number; label: string }[]): FilterField[] {
  return [
    {
      name: "search",
      labelKey: "devices.filters.search",
      input: <Input allowClear maxLength={64} placeholder={t("devices.filters.searchPlaceholder")} />,
    },
    {
      name: "shop_id",
      labelKey: "devices.fields.shop",
      input: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder={t("table.all")}
          options={shops}
          data-testid="device-filter-shop"
        />
      ),
    },
    {
      name: "machine_type",
      labelKey: "devices.fields.machineType",
      input: (
        <Select
          allowClear
          showSearch={{ optionFilterProp: "label" }}
          placeholder={t("table.all")}
          options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
        />
      ),
    },
    {
      name: "online",
      labelKey: "devices.fields.online",
      input: choice(["online", "offline"] as const, (v) => `devices.state.${v}`),
    },
    {
      name: "busy",
      labelKey: "devices.fields.busy",
      input: choice(["busy", "idle"] as const, (v) => `devices.state.${v}`),
    },
    {
      name: "fault",
      labelKey: "devices.fields.fault",
      input: choice(["fault", "noFault"] as const, (v) =>
        v === "fault" ? "devices.filters.fault" : "devices.state.noFault",
      ),
    },
    {
      name: "subscription",
      labelKey: "devices.fields.subscription",
      input: choice(["expiring", "expired"] as const, (v) => `devices.filters.${v}`),
    },
  ];
}

/** The form's values as the list call's filters; an empty field is no filter. */
export function toDeviceFilters(form: DeviceFilterForm): DeviceFilters {
  const search = form.search?.trim();
  return {
    ...(form.shop_id ? { shop_id: form.shop_id } : {}),
    ...(form.machine_type ? { machine_type: form.machine_type } : {}),
    ...(form.online ? { online: form.online === "online" } : {}),
    ...(form.busy ? { busy: form.busy === "busy" } : {}),
    ...(form.fault ? { fault: form.fault === "fault" } : {}),
    ...(form.subscription ? { subscription: form.subscription } : {}),
    ...(search ? { search } : {}),
  };
}

/**
 * The filter form a link opens the list with (`?search=WB-1-WAS-1&shop_id=3`): the machine's serial
 * from the dashboard, a shop; anything else in the address is ignored.
 */
export function deviceFormOfLink(values: Readonly<Record<string, string>>): DeviceFilterForm {
  const shopId = Number(values.shop_id);
  return {
    ...(values.search ? { search: values.search } : {}),
    ...(Number.isInteger(shopId) && shopId > 0 ? { shop_id: shopId } : {}),
  };
}
