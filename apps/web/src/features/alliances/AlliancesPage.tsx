import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import {
  ALLIANCE_TYPES,
  type AllianceItem,
  API,
  ENABLED_STATUS,
  formatTimestamp,
  type NameSort,
} from "@washboard/shared";
import { Button, Card, Input, Select, Tag, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar, type FilterField } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import { sortFilter, sortFilterField } from "../../app/ui/data-table/sort-field";
import type { DataColumn } from "../../app/ui/data-table/types";
import { enabledStatusLabel } from "../../app/ui/status-label";
import { AllianceDialog } from "./AllianceDialog";
import { allianceTypeLabel } from "./labels";
import { refreshAlliances } from "./queries";

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
  const confirm = useConfirm();
  const user = useSession();
  const timeZone = user?.accountInfo?.common_info.time_zone ?? "UTC";
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ alliance: AllianceItem | null } | null>(null);

  const setStatus = useMutation({
    mutationFn: (row: AllianceItem) =>
      call(API.alliance.setStatus, {
        id: row.id,
        status: row.status === ENABLED_STATUS.enabled ? ENABLED_STATUS.disabled : ENABLED_STATUS.enabled,
      }),
    onSuccess: async () => {
      toastSuccess("success.set");
      await refreshAlliances();
    },
  });
  const remove = useMutation({
    mutationFn: (row: AllianceItem) => call(API.alliance.remove, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await refreshAlliances();
    },
  });

  const askStatus = async (row: AllianceItem) => {
    const enabling = row.status !== ENABLED_STATUS.enabled;
    const ok = await confirm({
      title: t(enabling ? "alliances.confirmEnable" : "alliances.confirmDisable", { name: row.name }),
      danger: !enabling,
    });
    if (ok) setStatus.mutate(row);
  };
  const askRemove = async (row: AllianceItem) => {
    if (await confirm({ title: t("alliances.confirmRemove", { name: row.name }), danger: true })) remove.mutate(row);
  };

  const columns: DataColumn<AllianceItem>[] = [
    ...allianceColumns(timeZone),
    ...actionsColumn<AllianceItem>([
      {
        labelKey: "alliances.editAction",
        testId: "alliance-edit",
        allowed: can("allia_modify"),
        onClick: (row) => setDialog({ alliance: row }),
      },
      {
        labelKey: (row) => (row.status === ENABLED_STATUS.enabled ? "alliances.disable" : "alliances.enable"),
        testId: "alliance-toggle",
        allowed: can("allia_modify"),
        onClick: (row) => void askStatus(row),
      },
      {
        labelKey: "alliances.removeAction",
        testId: "alliance-remove",
        danger: true,
        allowed: can("allia_remove"),
        onClick: (row) => void askRemove(row),
      },
    ]),
  ];

  return (
    <Card
      data-testid="alliances"
      extra={
        can("allia_add") && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ alliance: null })}
            data-testid="alliance-add"
          >
            {t("alliances.add")}
          </Button>
        )
      }
    >
      <FilterBar<Filters>
        fields={filterFields()}
        initialValues={{ sort: "newest" }}
        onSearch={(values) =>
          setFilters({
            ...(values.name?.trim() ? { name: values.name.trim() } : {}),
            ...(values.type !== undefined && values.type !== null ? { type: values.type } : {}),
            ...(values.status !== undefined && values.status !== null ? { status: values.status } : {}),
            ...sortFilter(values.sort),
          })
        }
        testId="alliance-filters"
      />
      <DataTable
        contract={API.alliance.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.alliance")}
        emptyText={t("alliances.empty")}
        testId="alliance-table"
      />
      <AllianceDialog open={dialog !== null} alliance={dialog?.alliance ?? null} onClose={() => setDialog(null)} />
    </Card>
  );
}
