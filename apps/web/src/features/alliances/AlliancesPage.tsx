import {
  ALLIANCE_TYPES,
  type AllianceItem,
  API,
  ENABLED_STATUS,
  formatTimestamp,
  type NameSort,
} from "@washboard/shared";
import { Input, Select, Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import type { FilterField } from "../../app/ui/data-table/FilterBar";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { enabledStatusLabel } from "../../app/ui/status-label";
import { AllianceDialog } from "./AllianceDialog";
import { allianceTypeLabel } from "./labels";

interface Filters {
  name?: string;
  type?: 1 | 2;
  status?: 0 | 1;
  sort?: NameSort;
}

const memberNames = (row: AllianceItem) => row.shops.map((s) => s.name).join(", ");

function allianceColumns(timeZone: string): DataColumn<AllianceItem>[] {
  return [
    { key: "name", titleKey: "alliances.fields.name", dataIndex: "name" },
    { key: "type", titleKey: "alliances.fields.type", text: (r) => allianceTypeLabel(r.type) },
    { key: "memberCount", titleKey: "alliances.fields.memberCount", text: (r) => String(r.shops.length) },
    {
      key: "shops",
      titleKey: "alliances.fields.shops",
      text: memberNames,
      render: (r) => (
        <Tooltip title={memberNames(r)}>
          <span data-testid="alliance-members">
            {r.shops.slice(0, 3).map((s) => (
              <Tag key={s.id}>{s.name}</Tag>
            ))}
            {r.shops.length > 3 && <Tag>+{r.shops.length - 3}</Tag>}
          </span>
        </Tooltip>
      ),
    },
    { key: "ecard", titleKey: "alliances.fields.ecard", text: (r) => r.ecard_name ?? "" },
    { key: "remark", titleKey: "alliances.fields.remark", dataIndex: "remark", ellipsis: true },
    {
      key: "status",
      titleKey: "alliances.fields.status",
      text: (r) => enabledStatusLabel(r.status),
      render: (r) => (
        <Tag color={r.status === ENABLED_STATUS.enabled ? "green" : "default"} data-testid="alliance-status">
          {enabledStatusLabel(r.status)}
        </Tag>
      ),
    },
    { key: "created", titleKey: "alliances.fields.createdAt", text: (r) => formatTimestamp(r.created_at, timeZone) },
  ];
}

function filterFields(): FilterField[] {
  const t = i18next.t;
  return [
    { name: "name", labelKey: "alliances.fields.name", input: <Input allowClear maxLength={64} /> },
    {
      name: "type",
      labelKey: "alliances.fields.type",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={ALLIANCE_TYPES.map((type) => ({ value: type, label: allianceTypeLabel(type) }))}
        />
      ),
    },
    {
      name: "status",
      labelKey: "alliances.fields.status",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={[
            { value: ENABLED_STATUS.enabled, label: t("common.enabled") },
            { value: ENABLED_STATUS.disabled, label: t("common.disabled") },
          ]}
        />
      ),
    },
    sortFilterField(),
  ];
}

/** /shop/alliance: the vendor's shop alliances and their member shops; levels 3 and 4. */
export default function AlliancesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();

  const toggle = useToggleAction(API.alliances.setStatus, {
    labelKeys: { enable: "alliances.enable", disable: "alliances.disable" },
    testId: "alliance-toggle",
    allowed: can("allia_modify"),
    isEnabled: (row: AllianceItem) => row.status === ENABLED_STATUS.enabled,
    body: (row, enable) => ({ id: row.id, status: enable ? ENABLED_STATUS.enabled : ENABLED_STATUS.disabled }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "alliances.confirmEnable" : "alliances.confirmDisable", { name: row.name }),
    }),
  });
  const remove = useRemoveAction(API.alliances.remove, {
    labelKey: "alliances.removeAction",
    testId: "alliance-remove",
    allowed: can("allia_remove"),
    body: (row: AllianceItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("alliances.confirmRemove", { name: row.name }) }),
  });

  return (
    <ListScreen
      testId="alliances"
      contract={API.alliances.list}
      filters={{
        fields: filterFields(),
        initialValues: { sort: "newest" },
        toFilters: ({ sort, ...values }: Filters) => ({ ...presentFilters(values), ...sortFilter(sort) }),
        testId: "alliance-filters",
      }}
      columns={allianceColumns(timeZone)}
      dialog={(alliance, close) => <AllianceDialog alliance={alliance} onClose={close} />}
      add={{ labelKey: "alliances.add", testId: "alliance-add", allowed: can("allia_add") }}
      edit={{ labelKey: "alliances.editAction", testId: "alliance-edit", allowed: can("allia_modify") }}
      rowActions={[toggle, remove]}
      table={{ testId: "alliance-table", emptyText: t("alliances.empty") }}
    />
  );
}
