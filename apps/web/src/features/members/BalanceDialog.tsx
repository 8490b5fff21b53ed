import { useQueryClient } from "@tanstack/react-query";
import {
  API,
  balanceValue,
  formatMoney,
  MEMBER_LIMITS,
  type MemberItem,
  memberBalancesRequest,
  parseMoney,
} from "@washboard/shared";
import { Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { applyChange } from "../../app/api/apply-change";
import { ApiError } from "../../app/api/client";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastError } from "../../app/feedback/toast";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface BalanceForm {
  balance: string;
  reward: string;
  reason: string;
}

/**
 * Spec §7 modify_user_accts: the balance and reward the operator wants and a reason. The server
 * turns the differences from what this form was opened with into ledger movements, or refuses if
 * the balance moved meanwhile (another operator, a payment) — then the list reloads and the
 * operator sees the new figures before trying again.
 */
export function BalanceDialog(props: { member: MemberItem; onClose(): void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [form] = Form.useForm<BalanceForm>();
  const { member } = props;
  const text = (minor: number) => formatMoney(minor, member.currency, { hideSymbol: true });
  // What the save will record: the differences from what the form opened with, signed.
  const difference = (entered: string | undefined, was: number) => {
    const now = parseMoney(entered ?? "", member.currency);
    const moved = now === null ? 0 : now - was;
    return `${moved > 0 ? "+" : moved < 0 ? "−" : ""}${formatMoney(Math.abs(moved), member.currency)}`;
  };
  const records = {
    balance: difference(Form.useWatch("balance", form), member.balance),
    reward: difference(Form.useWatch("reward", form), member.reward),
  };
  const save = useCallMutation(API.members.modifyBalances, {
    toBody: (values: BalanceForm) => ({
      member_id: member.id,
      balance: parseMoney(values.balance, member.currency) ?? -1,
      reward: parseMoney(values.reward, member.currency) ?? -1,
      seen_balance: member.balance,
      seen_reward: member.reward,
      reason: values.reason,
    }),
    success: "members.balances.saved",
    onSuccess: props.onClose,
    onError: (error) => {
      toastError(error);
      if (error instanceof ApiError && error.code === "BALANCE_CHANGED") {
        void applyChange(client, { contract: API.members.modifyBalances, result: undefined });
        props.onClose();
      }
    },
  });

  return (
    <FormModal
      form={form}
      open
      title={t("members.balances.title", { member: member.name || member.phone })}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Typography.Paragraph type="secondary" data-testid="balance-now">
        {t("members.balances.now", {
          balance: formatMoney(member.balance, member.currency),
          reward: formatMoney(member.reward, member.currency),
        })}
      </Typography.Paragraph>
      <Form<BalanceForm>
        form={form}
        layout="vertical"
        name="member-balances"
        initialValues={{ balance: text(member.balance), reward: text(member.reward), reason: "" }}
        onFinish={(values) => save.mutate(values)}
        data-testid="balance-form"
      >
        <Form.Item
          name="balance"
          label={t("members.fields.balance")}
          rules={[moneyRule(member.currency, balanceValue)]}
        >
          <Input inputMode="decimal" data-testid="balance-input" />
        </Form.Item>
        <Form.Item name="reward" label={t("members.fields.reward")} rules={[moneyRule(member.currency, balanceValue)]}>
          <Input inputMode="decimal" data-testid="reward-input" />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t("members.fields.reason")}
          extra={t("members.balances.reasonHint")}
          rules={[zodRule(memberBalancesRequest.shape.reason)]}
        >
          <Input maxLength={MEMBER_LIMITS.reason} data-testid="balance-reason" />
        </Form.Item>
      </Form>
      <Typography.Text type="secondary" data-testid="balance-records">
        {t("members.balances.records", records)}
      </Typography.Text>
    </FormModal>
  );
}
