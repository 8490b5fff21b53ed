import { PlusOutlined } from "@ant-design/icons";
import { API, formatTimestamp, type RoleItem } from "@washboard/shared";
import { Button, Card, Input, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { DataTable } from "../../app/ui/data-table/DataTable";
import { FilterBar } from "../../app/ui/data-table/FilterBar";
import { actionsColumn } from "../../app/ui/data-table/row-actions";
import type { DataColumn } from "../../app/ui/data-table/types";
import { useDialog } from "../../app/ui/useDialog";
import { RoleDialog } from "./RoleDialog";

/** /account/role: the vendor's roles, with the §6 permission tree for each. */
export default function RolesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();
  const [filters, setFilters] = useState<{ name?: string }>({});
  const dialog = useDialog<RoleItem>();

  const remove = useRemoveAction(API.roles.remove, {
    labelKey: "roles.remove",
    testId: "role-remove",
    allowed: can("role_remove"),
    body: (role: RoleItem) => ({ id: role.id }),
    confirm: (role) => ({
      title: t("roles.removeConfirm", { name: role.name }),
      content: role.account_count > 0 ? t("roles.removeInUse", { count: role.account_count }) : undefined,
    }),
  });

  const columns: DataColumn<RoleItem>[] = [
    { key: "name", titleKey: "roles.name", dataIndex: "name" },
    { key: "description", titleKey: "roles.description", dataIndex: "description", ellipsis: true },
    {
      key: "permissions",
      titleKey: "roles.permissions",
      text: (row) => row.permissions.map((k) => i18next.t(`permissions.${k}`)).join(", "),
      render: (row) => t("roles.keyCount", { count: row.permissions.length }),
    },
    {
      key: "appRoles",
      titleKey: "roles.appRoles",
      text: (row) => row.app_roles.map((r) => i18next.t(`permissions.${r}`)).join(", "),
      render: (row) => row.app_roles.map((r) => <Tag key={r}>{t(`permissions.${r}`)}</Tag>),
    },
    { key: "holders", titleKey: "roles.holders", text: (row) => String(row.account_count) },
    { key: "created", titleKey: "roles.createdAt", text: (row) => formatTimestamp(row.created_at, timeZone) },
    ...actionsColumn<RoleItem>([
      {
        labelKey: "roles.editShort",
        testId: "role-edit",
        allowed: can("role_modify"),
        onClick: dialog.openEdit,
      },
      remove,
    ]),
  ];

  return (
    <Card
      data-testid="roles-page"
      extra={
        can("role_add") && (
          <Button type="primary" icon={<PlusOutlined />} onClick={dialog.openNew} data-testid="role-add">
            {t("roles.add")}
          </Button>
        )
      }
    >
      <FilterBar<{ name?: string }>
        fields={[{ name: "name", labelKey: "roles.name", input: <Input allowClear maxLength={64} /> }]}
        onSearch={(values) => setFilters(values.name?.trim() ? { name: values.name.trim() } : {})}
        testId="role-filters"
      />
      <DataTable
        contract={API.roles.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.role")}
        emptyText={t("roles.empty")}
        testId="role-table"
      />
      {dialog.state && <RoleDialog item={dialog.state.record} onClose={dialog.close} />}
    </Card>
  );
}
