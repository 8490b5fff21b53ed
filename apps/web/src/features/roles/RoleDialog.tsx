import { useQuery } from "@tanstack/react-query";
import { API, APP_ROLES, type AppRole, ROLE_PRESETS, type RoleItem, roleFields } from "@washboard/shared";
import { Checkbox, Form, Input, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { zodRule } from "../../app/forms/zod-rule";
import { useSession } from "../../app/session/store";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { withLockedKeys } from "./locked-keys";
import { PermissionTree } from "./PermissionTree";

interface RoleForm {
  name: string;
  description: string;
  permissions: string[];
  app_roles: AppRole[];
}

/** Create (with a §6 preset as a starting point) or edit a role. */
export function RoleDialog(props: { item: RoleItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const user = useSession();
  const [form] = Form.useForm<RoleForm>();
  const editing = props.item !== null;
  const grantable = user?.level === 4 ? new Set(user.permissions ?? []) : null;
  // The keys the vendor's variant hides (a car wash has no points nor good-news promotions).
  const customization = useQuery({
    queryKey: queryKeys.call(API.tenancy.customization),
    queryFn: () => call(API.tenancy.customization, {}),
  });
  const initial: RoleForm = props.item
    ? {
        name: props.item.name,
        description: props.item.description,
        permissions: props.item.permissions,
        app_roles: props.item.app_roles,
      }
    : { name: "", description: "", permissions: withLockedKeys([]), app_roles: [] };

  return (
    <EntityDialog
      record={props.item}
      create={API.roles.create}
      modify={API.roles.modify}
      initialValues={initial}
      titleKeys={{ add: "roles.add", edit: "roles.edit" }}
      name="role"
      testId="role-form"
      form={form}
      preserve={false}
      onClose={props.onClose}
    >
      {!editing && (
        <Form.Item label={t("roles.preset")}>
          <Select
            allowClear
            placeholder={t("roles.presetPlaceholder")}
            data-testid="role-preset"
            options={ROLE_PRESETS.map((p) => ({ value: p.id, label: t(p.nameKey) }))}
            onChange={(id?: string) => {
              const preset = ROLE_PRESETS.find((p) => p.id === id);
              form.setFieldsValue({
                permissions: withLockedKeys(
                  (preset?.permissions ?? []).filter(
                    (k) =>
                      (grantable === null || grantable.has(k)) && !customization.data?.hidden_permissions.includes(k),
                  ),
                ),
                app_roles: [...(preset?.appRoles ?? [])],
                ...(preset && !form.getFieldValue("name") ? { name: t(preset.nameKey) } : {}),
              });
            }}
          />
        </Form.Item>
      )}
      <Form.Item name="name" label={t("roles.name")} rules={[zodRule(roleFields.name)]}>
        <Input maxLength={64} data-testid="role-name" />
      </Form.Item>
      <Form.Item name="description" label={t("roles.description")} rules={[zodRule(roleFields.description)]}>
        <Input.TextArea maxLength={255} rows={2} />
      </Form.Item>
      <Form.Item name="app_roles" label={t("roles.appRoles")}>
        <Checkbox.Group options={APP_ROLES.map((r) => ({ value: r, label: t(`permissions.${r}`) }))} />
      </Form.Item>
      <Form.Item name="permissions" label={t("roles.permissions")} extra={t("roles.lockedHint")}>
        <PermissionTree grantable={grantable} hidden={customization.data?.hidden_permissions} />
      </Form.Item>
      <Typography.Text type="secondary">{t("roles.nextCallHint")}</Typography.Text>
    </EntityDialog>
  );
}
