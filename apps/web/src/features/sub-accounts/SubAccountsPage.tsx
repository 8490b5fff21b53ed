import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, formatTimestamp, SUB_ACCOUNT_STATUSES, type SubAccountItem } from "@washboard/shared";
import { Button, Card, Input, Select, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { invalidateSubAccounts, SubAccountDialog, useRoleOptions } from "./SubAccountDialog";

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
  const confirm = useConfirm();
  const user = useSession();
  const timeZone = user?.accountInfo?.common_info.time_zone ?? "UTC";
  const roles = useRoleOptions();
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ account: SubAccountItem | null } | null>(null);

  const setStatus = useMutation({
    mutationFn: (row: SubAccountItem) =>
      call(API.subAccount.modify, { id: row.id, status: row.status === "enabled" ? "disabled" : "enabled" }),
    onSuccess: async () => {
      toastSuccess("success.set");
      await invalidateSubAccounts();
    },
  });
  const remove = useMutation({
    mutationFn: (row: SubAccountItem) => call(API.subAccount.remove, { id: row.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await invalidateSubAccounts();
    },
  });

  const askStatus = async (row: SubAccountItem) => {
    const key = row.status === "enabled" ? "subAccounts.disableConfirm" : "subAccounts.enableConfirm";
    if (await confirm({ title: t(key, { name: row.username }), danger: row.status === "enabled" })) {
      setStatus.mutate(row);
    }
  };
  const askRemove = async (row: SubAccountItem) => {
    if (await confirm({ title: t("subAccounts.removeConfirm", { name: row.username }), danger: true })) {
      remove.mutate(row);
    }
  };
  const isSelf = (row: SubAccountItem) => user?.level === 4 && user.username === row.username;

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
        onClick: (row) => setDialog({ account: row }),
      },
      {
        labelKey: (row) => (row.status === "enabled" ? "subAccounts.disable" : "subAccounts.enable"),
        testId: "sub-toggle",
        allowed: can("sub_act_modify"),
        hidden: isSelf,
        onClick: (row) => void askStatus(row),
      },
      {
        labelKey: "subAccounts.remove",
        testId: "sub-remove",
        danger: true,
        allowed: can("sub_act_remove"),
        hidden: isSelf,
        onClick: (row) => void askRemove(row),
      },
    ]),
  ];

  return (
    <Card
      data-testid="sub-accounts-page"
      extra={
        can("sub_act_add") && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ account: null })}
            data-testid="sub-add"
          >
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
        contract={API.subAccount.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.sub_manager")}
        emptyText={t("subAccounts.empty")}
        testId="sub-table"
      />
      {dialog && <SubAccountDialog account={dialog.account} onClose={() => setDialog(null)} />}
    </Card>
  );
}
