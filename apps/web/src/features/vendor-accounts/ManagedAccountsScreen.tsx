import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, formatTimestamp, MANAGED_ACCOUNT_STATUSES, type ManagedAccountItem } from "@washboard/shared";
import { Alert, Button, Card, Input, Select, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useConfirm } from "../../app/ui/confirm";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import {
  invalidateManagedAccounts,
  MANAGED_CALLS,
  ManagedAccountDialog,
  type ManagedKind,
} from "./ManagedAccountDialog";

type Row = ManagedAccountItem & { vendor_id?: number; vendor_name?: string };

interface Filters {
  keyword?: string;
  status?: ManagedAccountItem["status"];
  vendor_id?: number;
}

const statusLabel = (row: Row) => i18next.t(`common.${row.status}`);

/**
 * The accounts a group manages, as one screen: /groups/vendor_account (kind "vendor", its vendors'
 * main administrators) and /subacct/subacct (kind "group", its sub-administrators).
 */
export function ManagedAccountsScreen(props: { kind: ManagedKind; canManage: boolean; titleKey: string }) {
  const { kind, canManage } = props;
  const { t } = useTranslation();
  const confirm = useConfirm();
  const user = useSession();
  const timeZone = user?.accountInfo?.common_info.time_zone ?? "UTC";
  const calls = MANAGED_CALLS[kind];
  const [filters, setFilters] = useState<Filters>({});
  const [dialog, setDialog] = useState<{ account: Row | null } | null>(null);

  const setStatus = useMutation({
    mutationFn: (row: Row) =>
      call(calls.modify, { account_id: row.account_id, status: row.status === "enabled" ? "disabled" : "enabled" }),
    onSuccess: async () => {
      toastSuccess("success.set");
      await invalidateManagedAccounts(kind);
    },
  });
  const remove = useMutation({
    mutationFn: (row: Row) => call(calls.remove, { account_id: row.account_id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await invalidateManagedAccounts(kind);
    },
  });

  const askStatus = async (row: Row) => {
    const disabling = row.status === "enabled";
    const ok = await confirm({
      title: t(disabling ? "managedAccounts.disableTitle" : "managedAccounts.enableTitle", { name: row.username }),
      ...(disabling ? { content: t("managedAccounts.disableBody") } : {}),
      danger: disabling,
    });
    if (ok) setStatus.mutate(row);
  };
  const askRemove = async (row: Row) => {
    const ok = await confirm({
      title: t("managedAccounts.removeTitle", { name: row.username }),
      content: t("managedAccounts.removeBody"),
      danger: true,
    });
    if (ok) remove.mutate(row);
  };

  const columns: DataColumn<Row>[] = [
    { key: "username", titleKey: "managedAccounts.username", dataIndex: "username" },
    ...(kind === "vendor"
      ? [{ key: "vendor", titleKey: "managedAccounts.merchant", text: (row: Row) => row.vendor_name ?? "" }]
      : []),
    { key: "nickname", titleKey: "managedAccounts.nickname", dataIndex: "nickname" },
    { key: "email", titleKey: "managedAccounts.email", dataIndex: "email" },
    {
      key: "status",
      titleKey: "managedAccounts.status",
      text: statusLabel,
      render: (row) => (
        <Tag color={row.status === "enabled" ? "green" : "default"} data-testid="account-status">
          {statusLabel(row)}
        </Tag>
      ),
    },
    {
      key: "lastLogin",
      titleKey: "managedAccounts.lastLogin",
      text: (row) => (row.last_login_at ? formatTimestamp(row.last_login_at, timeZone) : i18next.t("common.never")),
    },
    {
      key: "created",
      titleKey: "managedAccounts.createdAt",
      text: (row) => formatTimestamp(row.created_at, timeZone),
    },
    ...actionsColumn<Row>([
      {
        labelKey: "managedAccounts.edit",
        testId: "account-edit",
        allowed: canManage,
        onClick: (row) => setDialog({ account: row }),
      },
      {
        labelKey: (row) => (row.status === "enabled" ? "managedAccounts.disable" : "managedAccounts.enable"),
        testId: "account-toggle",
        allowed: canManage,
        onClick: (row) => void askStatus(row),
      },
      {
        labelKey: "managedAccounts.remove",
        testId: "account-remove",
        danger: true,
        allowed: canManage,
        onClick: (row) => void askRemove(row),
      },
    ]),
  ];

  const vendorOptions = (user?.vendorList ?? []).map((v) => ({ value: v.vendor_id, label: v.name }));
  const filterFields = [
    {
      name: "keyword",
      labelKey: "managedAccounts.keyword",
      input: <Input allowClear maxLength={64} placeholder={t("managedAccounts.keywordPlaceholder")} />,
    },
    {
      name: "status",
      labelKey: "managedAccounts.status",
      input: (
        <Select
          allowClear
          placeholder={t("table.all")}
          options={MANAGED_ACCOUNT_STATUSES.map((s) => ({ value: s, label: t(`common.${s}`) }))}
        />
      ),
    },
    ...(kind === "vendor"
      ? [
          {
            name: "vendor_id",
            labelKey: "managedAccounts.merchant",
            input: <Select allowClear placeholder={t("managedAccounts.allMerchants")} options={vendorOptions} />,
          },
        ]
      : []),
  ];

  const table =
    kind === "vendor" ? (
      <DataTable
        contract={API.vendorAccount.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.account_id}
        title={t(props.titleKey)}
        emptyText={t("managedAccounts.emptyVendor")}
        testId="managed-accounts-table"
      />
    ) : (
      <DataTable
        contract={API.groupSubAccount.list}
        filters={{
          ...(filters.keyword ? { keyword: filters.keyword } : {}),
          ...(filters.status ? { status: filters.status } : {}),
        }}
        columns={columns}
        rowKey={(row) => row.account_id}
        title={t(props.titleKey)}
        emptyText={t("managedAccounts.emptyGroup")}
        testId="managed-accounts-table"
      />
    );

  return (
    <Card
      data-testid={`managed-accounts-${kind}`}
      extra={
        canManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ account: null })}
            data-testid="account-add"
          >
            {t("managedAccounts.add")}
          </Button>
        )
      }
    >
      {!canManage && <Alert type="info" showIcon title={t("managedAccounts.readOnly")} style={{ marginBottom: 12 }} />}
      <FilterBar<Filters>
        fields={filterFields}
        onSearch={(values) =>
          setFilters({
            ...(values.keyword?.trim() ? { keyword: values.keyword.trim() } : {}),
            ...(values.status ? { status: values.status } : {}),
            ...(values.vendor_id ? { vendor_id: values.vendor_id } : {}),
          })
        }
        testId="managed-accounts-filters"
      />
      {table}
      {dialog && <ManagedAccountDialog kind={kind} account={dialog.account} onClose={() => setDialog(null)} />}
    </Card>
  );
}
