import { API, MEMBER_LIMITS, MEMBER_STATUSES, type MemberItem, memberProfileFields } from "@washboard/shared";
import { Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { ShopSelect } from "../device-log/filters";

interface MemberForm {
  phone: string;
  name: string;
  email: string;
  birthday: string;
  referrer_phone: string;
  card_expires: string;
  shop_id?: number | null;
  status: MemberItem["status"];
}

/** The profile's payload: no shop is null. */
function profileBody(values: MemberForm) {
  return { ...values, shop_id: values.shop_id ?? null };
}

/**
 * Registers a member at the counter (create_member_acct) or changes a profile (modify_member_acct).
 * Balances are never edited here: "Adjust balances" moves them through the ledger.
 */
export function MemberDialog(props: { member: MemberItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = props.member;
  const initial: MemberForm = editing
    ? {
        phone: editing.phone,
        name: editing.name,
        email: editing.email,
        birthday: editing.birthday ?? "",
        referrer_phone: editing.referrer_phone,
        card_expires: editing.card_expires ?? "",
        shop_id: editing.shop_id,
        status: editing.status,
      }
    : { phone: "", name: "", email: "", birthday: "", referrer_phone: "", card_expires: "", status: "active" };

  return (
    <EntityDialog
      record={editing}
      create={API.members.create}
      modify={API.members.modify}
      createBody={profileBody}
      modifyBody={(values: MemberForm, member) => ({ ...profileBody(values), member_id: member.id })}
      initialValues={initial}
      titleKeys={{ add: "members.add", edit: "members.edit" }}
      name="member-profile"
      testId="member-form"
      onClose={props.onClose}
    >
      <Form.Item name="phone" label={t("members.fields.phone")} rules={[zodRule(memberProfileFields.phone)]}>
        <Input maxLength={20} inputMode="tel" data-testid="member-form-phone" />
      </Form.Item>
      <Form.Item name="name" label={t("members.fields.name")} rules={[zodRule(memberProfileFields.name)]}>
        <Input maxLength={MEMBER_LIMITS.name} data-testid="member-form-name" />
      </Form.Item>
      <Form.Item name="email" label={t("members.fields.email")} rules={[zodRule(memberProfileFields.email)]}>
        <Input maxLength={128} inputMode="email" />
      </Form.Item>
      <Form.Item name="birthday" label={t("members.fields.birthday")} rules={[zodRule(memberProfileFields.birthday)]}>
        <Input type="date" />
      </Form.Item>
      <Form.Item
        name="referrer_phone"
        label={t("members.fields.referrerPhone")}
        rules={[zodRule(memberProfileFields.referrer_phone)]}
      >
        <Input maxLength={20} inputMode="tel" />
      </Form.Item>
      <Form.Item
        name="card_expires"
        label={t("members.fields.cardExpires")}
        rules={[zodRule(memberProfileFields.card_expires)]}
      >
        <Input type="date" />
      </Form.Item>
      <Form.Item name="shop_id" label={t("members.fields.shop")}>
        <ShopSelect />
      </Form.Item>
      {editing && (
        <Form.Item name="status" label={t("members.fields.status")}>
          <Select options={MEMBER_STATUSES.map((s) => ({ value: s, label: t(`members.status.${s}`) }))} />
        </Form.Item>
      )}
    </EntityDialog>
  );
}
