import { PlusOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { API, formatTimestamp, type RoleItem } from "@washboard/shared";
import { Button, Card, Input, Tag } from "antd";
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
import { invalidateRoles, RoleDialog } from "./RoleDialog";

/** /account/role: the vendor's roles, with the §6 permission tree for each. */
export default function RolesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const confirm = useConfirm();
  const timeZone = useSession()?.accountInfo?.common_info.time_zone ?? "UTC";
  const [filters, setFilters] = useState<{ name?: string }>({});
  const [dialog, setDialog] = useState<{ role: RoleItem | null } | null>(null);
  const remove = useMutation({
    mutationFn: (role: RoleItem) => call(API.role.remove, { id: role.id }),
    onSuccess: async () => {
      toastSuccess("success.delete");
      await invalidateRoles();
    },
  });

  const askRemove = async (role: RoleItem) => {
    const content = role.account_count > 0 ? t("roles.removeInUse", { count: role.account_count }) : undefined;
    if (await confirm({ title: t("roles.removeConfirm", { name: role.name }), content, danger: true })) {
      remove.mutate(role);
    }
  };

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
        onClick: (row) => setDialog({ role: row }),
      },
      {
        labelKey: "roles.remove",
        testId: "role-remove",
        danger: true,
        allowed: can("role_remove"),
        onClick: (row) => void askRemove(row),
      },
    ]),
  ];

  return (
    <Card
      data-testid="roles-page"
      extra={
        can("role_add") && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setDialog({ role: null })}
            data-testid="role-add"
          >
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
        contract={API.role.list}
        filters={filters}
        columns={columns}
        rowKey={(row) => row.id}
        title={t("routes.role")}
        emptyText={t("roles.empty")}
        testId="role-table"
      />
      {dialog && <RoleDialog item={dialog.role} open onClose={() => setDialog(null)} />}
    </Card>
  );
}
