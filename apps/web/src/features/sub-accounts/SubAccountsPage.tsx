import { PlusOutlined } from "@ant-design/icons";
import { API, formatTimestamp, SUB_ACCOUNT_STATUSES, type SubAccountItem } from "@washboard/shared";
import { Button, Card, Input, Select, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { accountStatus, useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
import { SubAccountDialog, useRoleOptions } from "./SubAccountDialog";

interface Filters {
  keyword?: string;
  status?: SubAccountItem["status"];
  role_id?: number;
}

const statusLabel = (row: SubAccountItem) => i18next.t(`common.${row.status}`);

/** /account/sub_manager: the vendor's sub-accounts (level 4). */
export default function SubAccountsPage() {
  const { t } = useTranslation();
  const can = useCan();
  const user = useSession();
  const timeZone = useTimeZone();
  const roles = useRoleOptions();
  const [filters, setFilters] = useState<Filters>({});
  const dialog = useDialog<SubAccountItem>();
  const isSelf = (row: SubAccountItem) => user?.level === 4 && user.username === row.username;

  const toggle = useToggleAction(API.subAccounts.modify, {
    labelKeys: { enable: "subAccounts.enable", disable: "subAccounts.disable" },
    testId: "sub-toggle",
    allowed: can("sub_act_modify"),
    hidden: isSelf,
    isEnabled: (row: SubAccountItem) => row.status === "enabled",
    body: (row, enable) => ({ id: row.id, status: accountStatus(enable) }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "subAccounts.enableConfirm" : "subAccounts.disableConfirm", { name: row.username }),
    }),
  });
  const remove = useRemoveAction(API.subAccounts.remove, {
    labelKey: "subAccounts.remove",
    testId: "sub-remove",
    allowed: can("sub_act_remove"),
    hidden: isSelf,
    body: (row: SubAccountItem) => ({ id: row.id }),
    confirm: (row) => ({ title: t("subAccounts.removeConfirm", { name: row.username }) }),
  });

  const columns: DataColumn<SubAccountItem>[] = [
    { key: "username", titleKey: "subAccounts.username", dataIndex: "username" },
    { key: "nickname", titleKey: "subAccounts.nickname", dataIndex: "nickname" },
    { key: "email", titleKey: "subAccounts.email", dataIndex: "email" },
    { key: "role", titleKey: "subAccounts.role", text: (row) => row.role_name ?? "" },
    {
      key: "status",
      titleKey: "subAccounts.status",
      text: statusLabel,
      render: (row) => <Tag color={row.status === "enabled" ? "green" : "default"}>{statusLabel(row)}</Tag>,
    },
    {
      key: "lastLogin",
      titleKey: "subAccounts.lastLogin",
      text: (row) => (row.last_login_at ? formatTimestamp(row.last_login_at, timeZone) : i18next.t("common.never")),
    },
    ...actionsColumn<SubAccountItem>([
      {
        labelKey: "subAccounts.editShort",
        testId: "sub-edit",
        allowed: can("sub_act_modify"),
        hidden: isSelf,
        onClick: dialog.openEdit,
      },
      toggle,
      remove,
    ]),
  ];

  return (
    <Card
      data-testid="sub-accounts-page"
      extra={
        can("sub_act_add") && (
          <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openNew} data-testid="sub-add">
            {t("subAccounts.add")}
          </Button>
        )
      }
    >
      <FilterBar<Filters>
        fields={[
          {
            name: "keyword",
            labelKey: "subAccounts.keyword",
            input: <Input allowClear maxLength={64} placeholder={t("subAccounts.keywordPlaceholder")} />,
          },
          {
            name: "status",
            labelKey: "subAccounts.status",
            input: (
              <Select
                allowClear
                placeholder={t("table.all")}
                options={SUB_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`common.${s}`) }))}
              />
            ),
          },
          {
            name: "role_id",
            labelKey: "subAccounts.role",
            input: <Select allowClear placeholder={t("table.all")} options={roles.data ?? []} />,
          },
        ]}
        onSearch={(values) =>
          setFilters({
            ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
            ...(values.status ? { status: values.status } : {}),
            ...(values.role_id ? { role_id: values.role_id } : {}),
          })
        }
        testId="sub-filters"
      />
      <DataTable
        contract={API.subAccounts.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.sub_manager")}
        emptyText={t("subAccounts.empty")}
        testId="sub-table"
      />
      {dialog.state && <SubAccountDialog account={dialog.state.record} onClose={dialog.close} />}
    </Card>
  );
}
