import { useQuery } from "@tanstack/react-query";
import { API, createSubAccountRequest, type SubAccountItem, subAccountEmail } from "@washboard/shared";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { useCallMutation } from "../../app/api/useCallMutation";
import { PasswordFields } from "../../app/forms/PasswordFields";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface SubAccountForm {
  username: string;
  email: string;
  nickname: string;
  password?: string;
  confirm_password?: string;
  role_id: number;
}

const fields = createSubAccountRequest.shape;

/** The vendor's roles, for the role picker. */
export function useRoleOptions() {
  return useQuery({
    queryKey: queryKeys.call(API.roles.list, "options"),
    queryFn: () => call(API.roles.list, { page_size: 200 }),
    select: (page) => page.items.map((r) => ({ value: r.id, label: r.name })),
  });
}

/** Create a sub-account, or edit one (email, nickname, role, and optionally a new password). */
export function SubAccountDialog(props: { account: SubAccountItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SubAccountForm>();
  const roles = useRoleOptions();
  const editing = props.account !== null;
  const save = useCallMutation(props.account ? API.subAccounts.modify : API.subAccounts.create, {
    toBody: (values: SubAccountForm) => {
      if (!props.account)
        return { ...values, password: values.password ?? "", confirm_password: values.confirm_password ?? "" };
      const { username: _username, password, confirm_password, ...rest } = values;
      return { id: props.account.id, ...rest, ...(password ? { password, confirm_password } : {}) };
    },
    success: editing ? "success.modify" : "success.add",
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "subAccounts.edit" : "subAccounts.add")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<SubAccountForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={
          props.account
            ? {
                username: props.account.username,
                email: props.account.email,
                nickname: props.account.nickname,
                ...(props.account.role_id !== null ? { role_id: props.account.role_id } : {}),
              }
            : {}
        }
        onFinish={(values) => save.mutate(values)}
        data-testid="sub-account-form"
      >
        <Form.Item name="username" label={t("subAccounts.username")} rules={editing ? [] : [zodRule(fields.username)]}>
          <Input maxLength={20} disabled={editing} autoComplete="off" data-testid="sub-username" />
        </Form.Item>
        <Form.Item name="email" label={t("subAccounts.email")} rules={[zodRule(subAccountEmail)]}>
          <Input maxLength={254} data-testid="sub-email" />
        </Form.Item>
        <Form.Item name="nickname" label={t("subAccounts.nickname")} rules={[zodRule(fields.nickname)]}>
          <Input maxLength={20} data-testid="sub-nickname" />
        </Form.Item>
        <Form.Item
          name="role_id"
          label={t("subAccounts.role")}
          rules={[{ required: true, message: t("validation.required") }]}
          extra={roles.data?.length === 0 ? t("subAccounts.noRoles") : undefined}
        >
          <Select options={roles.data ?? []} loading={roles.isPending} data-testid="sub-role" />
        </Form.Item>
        <PasswordFields
          labels={{
            password: t(editing ? "subAccounts.newPassword" : "subAccounts.password"),
            confirm: t("subAccounts.confirmPassword"),
            hint: editing ? t("subAccounts.newPasswordHint") : undefined,
          }}
          optional={Boolean(editing)}
          testIds={{ password: "sub-password", confirm: "sub-confirm" }}
        />
      </Form>
    </FormModal>
  );
}

/** On edit the password may stay empty; when given it follows the 6-16 rule. */
