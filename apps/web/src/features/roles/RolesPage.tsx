import { API, formatTimestamp, type RoleItem } from "@washboard/shared";
import { Input, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import { useCan } from "../../app/session/useCan";
import { useTimeZone } from "../../app/session/useTimeZone";
import { useRemoveAction } from "../../app/ui/data-table/confirmed-actions";
import { presentFilters } from "../../app/ui/data-table/filter-values";
import type { DataColumn } from "../../app/ui/data-table/types";
import { ListScreen } from "../../app/ui/ListScreen";
import { RoleDialog } from "./RoleDialog";

/** /account/role: the vendor's roles, with the §6 permission tree for each. */
export default function RolesPage() {
  const { t } = useTranslation();
  const can = useCan();
  const timeZone = useTimeZone();

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
  ];

  return (
    <ListScreen
      testId="roles-page"
      contract={API.roles.list}
      filters={{
        fields: [{ name: "name", labelKey: "roles.name", input: <Input allowClear maxLength={64} /> }],
        toFilters: (values: { name?: string }) => presentFilters(values),
        testId: "role-filters",
      }}
      columns={columns}
      dialog={(role, close) => <RoleDialog item={role} onClose={close} />}
      add={{ labelKey: "roles.add", testId: "role-add", allowed: can("role_add") }}
      edit={{ labelKey: "roles.editShort", testId: "role-edit", allowed: can("role_modify") }}
      rowActions={[remove]}
      table={{ testId: "role-table", emptyText: t("roles.empty") }}
    />
  );
}
