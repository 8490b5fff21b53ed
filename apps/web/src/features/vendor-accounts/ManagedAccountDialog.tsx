import {
  API,
  type ManagedAccountItem,
  managedAccountCreateFields,
  managedAccountEmail,
  nickname,
} from "@washboard/shared";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { PasswordFields } from "../../app/forms/PasswordFields";
import { zodRule } from "../../app/forms/zod-rule";
import { useSession } from "../../app/session/store";
import { EntityDialog } from "../../app/ui/EntityDialog";

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

/** A new account's payload: the password typed twice, and for a vendor's, the vendor. */
function createBody(kind: ManagedKind, values: AccountForm) {
  const created = {
    username: values.username ?? "",
    nickname: values.nickname,
    email: values.email,
    password: values.password ?? "",
    confirm_password: values.confirm_password ?? "",
  };
  return kind === "vendor" ? { ...created, vendor_id: values.vendor_id ?? 0 } : created;
}

/** A change's payload: nickname and email, and the password only when a new one is typed. */
function modifyBody(values: AccountForm, account: ManagedAccountItem) {
  const { password, confirm_password } = values;
  return {
    account_id: account.account_id,
    nickname: values.nickname,
    email: values.email,
    ...(password ? { password, confirm_password } : {}),
  };
}

/** Create an account (password typed twice), or edit nickname, email and optionally reset the password. */
export function ManagedAccountDialog(props: {
  kind: ManagedKind;
  account: (ManagedAccountItem & { vendor_id?: number }) | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const user = useSession();
  const editing = props.account !== null;
  const calls = MANAGED_CALLS[props.kind];
  const vendorOptions = (user?.vendorList ?? []).map((v) => ({ value: v.vendor_id, label: v.name }));

  const create = props.kind === "vendor" ? API.vendorAccounts.create : API.groupSubAccounts.create;
  const initial: Partial<AccountForm> = props.account
    ? { username: props.account.username, nickname: props.account.nickname, email: props.account.email }
    : { ...(user?.activeVendorId ? { vendor_id: user.activeVendorId } : {}) };

  return (
    <EntityDialog
      record={props.account}
      create={create}
      modify={calls.modify}
      createBody={(values: AccountForm) => createBody(props.kind, values)}
      modifyBody={modifyBody}
      initialValues={initial}
      titleKeys={{ add: "managedAccounts.addTitle", edit: "managedAccounts.editTitle" }}
      name="managed-account"
      testId="managed-account-form"
      preserve={false}
      onClose={props.onClose}
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
    </EntityDialog>
  );
}
