import { API, formatTimestamp, MANAGED_ACCOUNT_STATUSES, type ManagedAccountItem } from "@washboard/shared";
import { Alert, Input, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useTimeZone } from "../../app/session/useTimeZone";
import { accountStatus, useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { MANAGED_CALLS, ManagedAccountDialog, type ManagedKind } from "./ManagedAccountDialog";

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
  const user = useSession();
  const timeZone = useTimeZone();
  const calls = MANAGED_CALLS[kind];

  const toggle = useToggleAction(calls.modify, {
    labelKeys: { enable: "managedAccounts.enable", disable: "managedAccounts.disable" },
    testId: "account-toggle",
    allowed: canManage,
    isEnabled: (row: Row) => row.status === "enabled",
    body: (row, enable) => ({ account_id: row.account_id, status: accountStatus(enable) }),
    confirm: (row, enabling) => ({
      title: t(enabling ? "managedAccounts.enableTitle" : "managedAccounts.disableTitle", { name: row.username }),
      content: enabling ? undefined : t("managedAccounts.disableBody"),
    }),
  });
  const remove = useRemoveAction(calls.remove, {
    labelKey: "managedAccounts.remove",
    testId: "account-remove",
    allowed: canManage,
    body: (row: Row) => ({ account_id: row.account_id }),
    confirm: (row) => ({
      title: t("managedAccounts.removeTitle", { name: row.username }),
      content: t("managedAccounts.removeBody"),
    }),
  });

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

  const common = {
    testId: `managed-accounts-${kind}`,
    notice: !canManage && (
      <Alert type="info" showIcon title={t("managedAccounts.readOnly")} style={{ marginBottom: 12 }} />
    ),
    columns,
    dialog: (account: Row | null, close: () => void) => (
      <ManagedAccountDialog kind={kind} account={account} onClose={close} />
    ),
    add: { labelKey: "managedAccounts.add", testId: "account-add", allowed: canManage },
    edit: { labelKey: "managedAccounts.edit", testId: "account-edit", allowed: canManage },
    rowActions: [toggle, remove],
  };
  const table = (emptyKey: string) => ({
    testId: "managed-accounts-table",
    emptyText: t(emptyKey),
    rowKey: (row: Row) => row.account_id,
    title: t(props.titleKey),
  });
  return kind === "vendor" ? (
    <ListScreen
      {...common}
      contract={API.vendorAccounts.list}
      filters={{
        fields: filterFields,
        toFilters: (values: Filters) => presentFilters(values),
        testId: "managed-accounts-filters",
      }}
      table={table("managedAccounts.emptyVendor")}
    />
  ) : (
    <ListScreen
      {...common}
      contract={API.groupSubAccounts.list}
      filters={{
        fields: filterFields,
        // The group's own accounts belong to no vendor.
        toFilters: ({ vendor_id: _vendor, ...values }: Filters) => presentFilters(values),
        testId: "managed-accounts-filters",
      }}
      table={table("managedAccounts.emptyGroup")}
    />
  );
}
