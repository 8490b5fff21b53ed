import {
  API,
  type ManagedAccountItem,
  managedAccountCreateFields,
  managedAccountEmail,
  nickname,
} from "@washboard/shared";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { PasswordFields } from "../../app/forms/PasswordFields";
import { zodRule } from "../../app/forms/zod-rule";
import { useSession } from "../../app/session/store";
import { FormModal } from "../../app/ui/FormModal";

/** Which accounts a screen manages: its vendors' main administrators, or the group's sub-administrators. */
export type ManagedKind = "vendor" | "group";

export const MANAGED_CALLS = {
  vendor: API.vendorAccounts,
  group: API.groupSubAccounts,
} as const;

interface AccountForm {
  vendor_id?: number;
  username?: string;
  nickname: string;
  email: string;
  password?: string;
  confirm_password?: string;
}

/** On edit the password may stay empty; when given it follows the 6–16 rule of creation. */

/** Create an account (password typed twice), or edit nickname, email and optionally reset the password. */
export function ManagedAccountDialog(props: {
  kind: ManagedKind;
  account: (ManagedAccountItem & { vendor_id?: number }) | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const user = useSession();
  const [form] = Form.useForm<AccountForm>();
  const editing = props.account !== null;
  const calls = MANAGED_CALLS[props.kind];
  const vendorOptions = (user?.vendorList ?? []).map((v) => ({ value: v.vendor_id, label: v.name }));

  const create = props.kind === "vendor" ? API.vendorAccounts.create : API.groupSubAccounts.create;
  const save = useCallMutation(props.account ? calls.modify : create, {
    toBody: (values: AccountForm) => {
      if (props.account) {
        const { password, confirm_password } = values;
        return {
          account_id: props.account.account_id,
          nickname: values.nickname,
          email: values.email,
          ...(password ? { password, confirm_password } : {}),
        };
      }
      const created = {
        username: values.username ?? "",
        nickname: values.nickname,
        email: values.email,
        password: values.password ?? "",
        confirm_password: values.confirm_password ?? "",
      };
      return props.kind === "vendor" ? { ...created, vendor_id: values.vendor_id ?? 0 } : created;
    },
    success: editing ? "success.modify" : "success.add",
    onSuccess: props.onClose,
  });

  const initial: Partial<AccountForm> = props.account
    ? { username: props.account.username, nickname: props.account.nickname, email: props.account.email }
    : { ...(user?.activeVendorId ? { vendor_id: user.activeVendorId } : {}) };

  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "managedAccounts.editTitle" : "managedAccounts.addTitle")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<AccountForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={initial}
        onFinish={(values) => save.mutate(values)}
        data-testid="managed-account-form"
      >
        {props.kind === "vendor" && !editing && (
          <Form.Item
            name="vendor_id"
            label={t("managedAccounts.merchant")}
            rules={[{ required: true, message: t("validation.required") }]}
          >
            <Select options={vendorOptions} showSearch={{ optionFilterProp: "label" }} data-testid="account-vendor" />
          </Form.Item>
        )}
        <Form.Item
          name="username"
          label={t("managedAccounts.username")}
          rules={editing ? [] : [zodRule(managedAccountCreateFields.username)]}
        >
          <Input maxLength={20} disabled={editing} autoComplete="off" data-testid="account-username" />
        </Form.Item>
        <Form.Item name="nickname" label={t("managedAccounts.nickname")} rules={[zodRule(nickname)]}>
          <Input maxLength={20} data-testid="account-nickname" />
        </Form.Item>
        <Form.Item name="email" label={t("managedAccounts.email")} rules={[zodRule(managedAccountEmail)]}>
          <Input maxLength={254} data-testid="account-email" />
        </Form.Item>
        <PasswordFields
          labels={{
            password: t(editing ? "managedAccounts.newPassword" : "managedAccounts.password"),
            confirm: t("managedAccounts.confirmPassword"),
            hint: editing ? t("managedAccounts.newPasswordHint") : undefined,
          }}
          optional={Boolean(editing)}
          testIds={{ password: "account-password", confirm: "account-confirm" }}
        />
      </Form>
    </FormModal>
  );
}
