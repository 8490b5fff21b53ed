import { API, type CardItem, cardTopUpRequest, MEMBER_LIMITS, movedAmount, parseMoney } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface TopUpForm {
  amount: string;
  reason: string;
}

/** Spec §7 add_value: an amount from 1 to the limit ("amount error" otherwise) and an optional note. */
export function TopUpDialog(props: { card: CardItem; onClose(): void; onDone?: (card: CardItem) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TopUpForm>();
  const { card } = props;
  const topUp = useCallMutation(API.members.cardTopUp, {
    toBody: (values: TopUpForm) => ({
      card_id: card.id,
      amount: parseMoney(values.amount, card.currency) ?? 0,
      reason: values.reason ?? "",
    }),
    success: "cards.topUp.done",
    onSuccess: (result) => {
      props.onDone?.(result);
      props.onClose();
    },
  });
  return (
    <FormModal
      form={form}
      open
      title={t("cards.topUp.title", { card: card.card_number })}
      onCancel={props.onClose}
      saving={topUp.isPending}
    >
      <Form<TopUpForm>
        form={form}
        layout="vertical"
        name="card-top-up"
        initialValues={{ amount: "", reason: "" }}
        onFinish={(values) => topUp.mutate(values)}
        data-testid="card-top-up-form"
      >
        <Form.Item name="amount" label={t("cards.topUp.amount")} rules={[moneyRule(card.currency, movedAmount)]}>
          <Input inputMode="decimal" data-testid="card-top-up-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t("cards.topUp.note")} rules={[zodRule(cardTopUpRequest.shape.reason)]}>
          <Input maxLength={MEMBER_LIMITS.reason} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
