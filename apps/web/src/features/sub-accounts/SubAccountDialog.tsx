import { useQuery } from "@tanstack/react-query";
import { API, createSubAccountRequest, type SubAccountItem, subAccountEmail } from "@washboard/shared";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { queryKeys } from "../../app/api/query-keys";
import { PasswordFields } from "../../app/forms/PasswordFields";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";

interface SubAccountForm {
  username: string;
  email: string;
  nickname: string;
  password?: string;
  confirm_password?: string;
  role_id: number;
  /** Empty: every shop of the vendor. */
  shop_ids?: number[];
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

/** The shops a sub-account may be limited to (the vendor's, or a limited actor's own). */
export function useShopOptions() {
  return useQuery({
    queryKey: queryKeys.call(API.subAccounts.shops),
    queryFn: () => call(API.subAccounts.shops),
    select: (answer) => answer.items.map((shop) => ({ value: shop.id, label: shop.name })),
  });
}

/** No shop chosen: every shop of the vendor (null), not none. */
const shopIdsOf = (values: SubAccountForm) => (values.shop_ids && values.shop_ids.length > 0 ? values.shop_ids : null);

/** A new sub-account's payload: the password pair as typed. */
function createBody(values: SubAccountForm) {
  return {
    ...values,
    shop_ids: shopIdsOf(values),
    password: values.password ?? "",
    confirm_password: values.confirm_password ?? "",
  };
}

/** A change's payload: the username stays, and the password changes only when a new one is typed. */
function modifyBody(values: SubAccountForm, account: SubAccountItem) {
  const { username: _username, password, confirm_password, ...rest } = values;
  return {
    id: account.id,
    ...rest,
    shop_ids: shopIdsOf(values),
    ...(password ? { password, confirm_password } : {}),
  };
}

function toForm(account: SubAccountItem | null): Partial<SubAccountForm> {
  if (!account) return {};
  return {
    username: account.username,
    email: account.email,
    nickname: account.nickname,
    ...(account.role_id !== null ? { role_id: account.role_id } : {}),
    shop_ids: account.shop_ids ?? [],
  };
}

/** Create a sub-account, or edit one (email, nickname, role, and optionally a new password). */
export function SubAccountDialog(props: { account: SubAccountItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const roles = useRoleOptions();
  const shops = useShopOptions();
  const editing = props.account !== null;
  return (
    <EntityDialog
      record={props.account}
      create={API.subAccounts.create}
      modify={API.subAccounts.modify}
      createBody={createBody}
      modifyBody={modifyBody}
      initialValues={toForm(props.account)}
      titleKeys={{ add: "subAccounts.add", edit: "subAccounts.edit" }}
      name="sub-account"
      testId="sub-account-form"
      preserve={false}
      onClose={props.onClose}
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
      <Form.Item name="shop_ids" label={t("subAccounts.shops")} extra={t("subAccounts.shopsHint")}>
        <Select
          mode="multiple"
          allowClear
          optionFilterProp="label"
          placeholder={t("subAccounts.allShops")}
          options={shops.data ?? []}
          loading={shops.isPending}
          data-testid="sub-shops"
        />
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
    </EntityDialog>
  );
}

/** On edit the password may stay empty; when given it follows the 6-16 rule. */
