import {
  API,
  formatMoney,
  type OrderItem,
  parseMoney,
  REFUND_CALLS,
  REFUND_REASON_MAX,
  type RefundableSource,
  refundRequest,
} from "@washboard/shared";
import { Descriptions, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { useConfirm } from "../../app/ui/confirm";
import { FormModal } from "../../app/ui/FormModal";

interface RefundForm {
  amount: string;
  reason?: string;
}

/**
 * Spec §7 refund_by_vendor: the amount (at most what is left, the whole remainder by default) and a
 * reason, then a confirmation naming the amount and the order. The server decides the same-day rule
 * and the remainder under the order's lock; the form only checks what it can know.
 */
export function RefundDialog(props: { order: OrderItem; source: RefundableSource; onClose(): void }) {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const [form] = Form.useForm<RefundForm>();
  const { order } = props;
  const remaining = order.amount - order.refund_amount;
  // One refund per dialog: a double click or a retry sends this key again and is the same refund;
  // opening the dialog again for a second refund of the same amount makes another.
  const [requestKey] = useState(() => crypto.randomUUID());
  const show = (minor: number) => formatMoney(minor, order.currency);
  const refund = useCallMutation(API.orders[REFUND_CALLS[props.source]], {
    success: "orders.refund.requested",
    onSuccess: props.onClose,
  });

  async function submit(values: RefundForm) {
    const amount = parseMoney(values.amount, order.currency) ?? 0;
    const ok = await confirm({
      title: t("orders.refund.confirmTitle"),
      content: t("orders.refund.confirmText", { amount: show(amount), order: order.order_no }),
      danger: true,
    });
    if (ok) {
      refund.mutate({ order_id: order.id, amount, reason: values.reason?.trim() ?? "", idempotency_key: requestKey });
    }
  }

  return (
    <FormModal
      form={form}
      open
      title={t("orders.refund.title")}
      okText={t("orders.refund.submit")}
      onCancel={props.onClose}
      saving={refund.isPending}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="refund-summary">
        <Descriptions.Item label={t("orders.columns.orderNo")}>{order.order_no}</Descriptions.Item>
        <Descriptions.Item label={t("orders.columns.amount")}>{show(order.amount)}</Descriptions.Item>
        <Descriptions.Item label={t("orders.refund.refunded")}>{show(order.refund_amount)}</Descriptions.Item>
        <Descriptions.Item label={t("orders.refund.remaining")}>{show(remaining)}</Descriptions.Item>
      </Descriptions>
      <Form<RefundForm>
        form={form}
        layout="vertical"
        name="order-refund"
        initialValues={{ amount: formatMoney(remaining, order.currency, { hideSymbol: true }) }}
        onFinish={(values) => void submit(values)}
        data-testid="refund-form"
      >
        <Form.Item
          name="amount"
          label={t("orders.columns.refundAmount")}
          rules={[
            { required: true, message: t("validation.required") },
            {
              validator: async (_rule, value: string | undefined) => {
                if (!value) return;
                const minor = parseMoney(value, order.currency);
                if (minor === null || minor <= 0) throw new Error(t("orders.refund.amountInvalid"));
                if (minor > remaining) throw new Error(t("errors.REFUND_EXCEEDS_REMAINDER"));
              },
            },
          ]}
        >
          <Input inputMode="decimal" data-testid="refund-amount" />
        </Form.Item>
        <Form.Item name="reason" label={t("orders.refund.reason")} rules={[zodRule(refundRequest.shape.reason)]}>
          <Input maxLength={REFUND_REASON_MAX} data-testid="refund-reason" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
