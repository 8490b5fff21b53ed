import {
  API,
  balanceValue,
  CARD_TYPES,
  type CardItem,
  cardCreateRequest,
  FIXED_BALANCE_CARD_TYPES,
  formatMoney,
  MEMBER_LIMITS,
  parseMoney,
  requiredText,
} from "@washboard/shared";
import { Form, Input, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface NewCardForm {
  uuid: string;
  card_number: string;
  type: CardItem["type"];
}

/** Registers a card: its chip's UUID (typed, or read by the card reader) and its printed number. */
export function NewCardDialog(props: { uuid?: string; onClose(): void; onCreated?: (card: CardItem) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewCardForm>();
  const create = useCallMutation(API.members.cardCreate, {
    success: "success.add",
    onSuccess: (card) => {
      props.onCreated?.(card);
      props.onClose();
    },
  });
  return (
    <FormModal form={form} open title={t("cards.add")} onCancel={props.onClose} saving={create.isPending}>
      <Form<NewCardForm>
        form={form}
        layout="vertical"
        name="card-new"
        initialValues={{ uuid: props.uuid ?? "", card_number: "", type: "ordinary" }}
        onFinish={(values) => create.mutate(values)}
        data-testid="card-form"
      >
        <Form.Item name="uuid" label={t("cards.fields.uuid")} rules={[zodRule(cardCreateRequest.shape.uuid)]}>
          <Input maxLength={20} readOnly={props.uuid !== undefined} data-testid="card-form-uuid" />
        </Form.Item>
        <Form.Item
          name="card_number"
          label={t("cards.fields.cardNumber")}
          rules={[zodRule(cardCreateRequest.shape.card_number)]}
        >
          <Input maxLength={32} data-testid="card-form-number" />
        </Form.Item>
        <Form.Item name="type" label={t("cards.fields.type")}>
          <Select options={CARD_TYPES.map((v) => ({ value: v, label: t(`cards.type.${v}`) }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

interface EditCardForm {
  card_number: string;
  status: "active" | "disabled";
  balance: string;
  reason: string;
}

const reasonRule = requiredText(MEMBER_LIMITS.reason);

/**
 * Changes a card's number or state, or rewrites its balance (spec §7 modify_user_card): a new balance
 * needs a reason and becomes a ledger movement of the difference; free and admin cards have none.
 */
export function EditCardDialog(props: { card: CardItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditCardForm>();
  const { card } = props;
  const fixed = FIXED_BALANCE_CARD_TYPES.includes(card.type);
  const shown = formatMoney(card.balance, card.currency, { hideSymbol: true });
  const balance = Form.useWatch("balance", form);
  const rewriting = !fixed && balance !== undefined && parseMoney(balance, card.currency) !== card.balance;
  const save = useCallMutation(API.members.cardModify, {
    toBody: (values: EditCardForm) => {
      const minor = parseMoney(values.balance, card.currency);
      return {
        card_id: card.id,
        card_number: values.card_number,
        ...(card.status !== "unbound" ? { status: values.status } : {}),
        ...(rewriting && minor !== null ? { balance: minor, seen_balance: card.balance, reason: values.reason } : {}),
      };
    },
    success: "success.modify",
    onSuccess: props.onClose,
  });
  return (
    <FormModal form={form} open title={t("cards.edit")} onCancel={props.onClose} saving={save.isPending}>
      <Form<EditCardForm>
        form={form}
        layout="vertical"
        name="card-edit"
        initialValues={{
          card_number: card.card_number,
          status: card.status === "disabled" ? "disabled" : "active",
          balance: shown,
          reason: "",
        }}
        onFinish={(values) => save.mutate(values)}
        data-testid="card-edit-form"
      >
        <Typography.Paragraph type="secondary">
          {t("cards.fields.uuid")}: {card.uuid}
        </Typography.Paragraph>
        <Form.Item
          name="card_number"
          label={t("cards.fields.cardNumber")}
          rules={[zodRule(cardCreateRequest.shape.card_number)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        {card.status !== "unbound" && (
          <Form.Item name="status" label={t("cards.fields.status")}>
            <Select
              options={(["active", "disabled"] as const).map((v) => ({ value: v, label: t(`cards.status.${v}`) }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="balance"
          label={t("cards.rewrite.balance")}
          extra={fixed ? t("cards.rewrite.fixed") : undefined}
          rules={fixed ? [] : [moneyRule(card.currency, balanceValue)]}
        >
          <Input inputMode="decimal" disabled={fixed} data-testid="card-edit-balance" />
        </Form.Item>
        {rewriting && (
          <Form.Item name="reason" label={t("cards.rewrite.reason")} rules={[zodRule(reasonRule)]}>
            <Input maxLength={MEMBER_LIMITS.reason} data-testid="card-edit-reason" />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
