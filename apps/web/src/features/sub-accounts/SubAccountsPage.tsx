import { API, formatTimestamp, SUB_ACCOUNT_STATUSES, type SubAccountItem } from "@washboard/shared";
import { Input, Select, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useSession } from "../../app/session/store";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { accountStatus, useRemoveAction, useToggleAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
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
      key: "shops",
      titleKey: "subAccounts.shops",
      text: (row) =>
        row.shop_ids === null ? t("subAccounts.allShops") : t("subAccounts.shopCount", { count: row.shop_ids.length }),
    },
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
  ];

  return (
    <ListScreen
      testId="sub-accounts-page"
      contract={API.subAccounts.list}
      filters={{
        fields: [
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
        ],
        toFilters: (values: Filters) => presentFilters(values),
        testId: "sub-filters",
      }}
      columns={columns}
      dialog={(account, close) => <SubAccountDialog account={account} onClose={close} />}
      add={{ labelKey: "subAccounts.add", testId: "sub-add", allowed: can("sub_act_add") }}
      edit={{ labelKey: "subAccounts.editShort", testId: "sub-edit", allowed: can("sub_act_modify"), hidden: isSelf }}
      rowActions={[toggle, remove]}
      table={{ testId: "sub-table", emptyText: t("subAccounts.empty") }}
    />
  );
}
