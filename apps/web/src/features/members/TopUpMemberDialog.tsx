import {
  API,
  counterTopUpRequest,
  formatMoney,
  MEMBER_LIMITS,
  type MemberItem,
  movedAmount,
  parseMoney,
} from "@washboard/shared";
import { Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface TopUpForm {
  amount: string;
  reason: string;
}

/**
 * The member paid at the counter: the operator enters what was paid, not the new total, and sees the
 * balance it makes before saving. The server adds it as a top-up movement under the account's lock.
 */
export function TopUpMemberDialog(props: { member: MemberItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpForm>();
  const { member } = props;
  const amount = parseMoney(Form.useWatch("amount", form) ?? "", member.currency);
  const topUp = useCallMutation(API.members.topUp, {
    toBody: (values: TopUpForm) => ({
      member_id: member.id,
      amount: parseMoney(values.amount, member.currency) ?? 0,
      reason: values.reason ?? "",
    }),
    success: "members.topUp.done",
    onSuccess: props.onClose,
  });
  return (
    <FormModal
      form={form}
      open
      title={t("members.topUp.title", { member: member.name || member.phone })}
      onCancel={props.onClose}
      saving={topUp.isPending}
    >
      <Form<TopUpForm>
        form={form}
        layout="vertical"
        name="member-top-up"
        initialValues={{ amount: "", reason: "" }}
        onFinish={(values) => topUp.mutate(values)}
        data-testid="member-top-up-form"
      >
        <Form.Item name="amount" label={t("members.topUp.amount")} rules={[moneyRule(member.currency, movedAmount)]}>
          <Input inputMode="decimal" data-testid="member-top-up-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t("members.topUp.note")} rules={[zodRule(counterTopUpRequest.shape.reason)]}>
          <Input maxLength={MEMBER_LIMITS.reason} />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" data-testid="member-top-up-after">
        {t("members.topUp.after", {
          balance: formatMoney(member.balance + (amount !== null && amount > 0 ? amount : 0), member.currency),
        })}
      </Typography.Text>
    </FormModal>
  );
}
