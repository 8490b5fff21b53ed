import {
  API,
  COUPON_KINDS,
  COUPON_LIMITS,
  type CouponDefinitionItem,
  couponAmount,
  percentOff,
} from "@washboard/shared";
import { Form, Input, InputNumber, Radio, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { type CouponForm, couponFieldRules, toCouponBody, toCouponForm } from "./coupon-form";
import { kindLabel } from "./labels";

/**
 * Create (coupon null) or edit a coupon definition (spec §3 Coupon): its code, name, type and what it
 * is worth, and how many days one stays valid once given; each field checked by the server's rules.
 */
export function CouponDialog(props: { coupon: CouponDefinitionItem | null; currency: string; onClose(): void }) {
  const { t } = useTranslation();
  const { coupon, currency } = props;
  const [form] = Form.useForm<CouponForm>();
  const kind = Form.useWatch("kind", form) ?? toCouponForm(coupon, currency).kind;
  const body = (values: CouponForm) => toCouponBody(values, currency);
  return (
    <EntityDialog
      form={form}
      record={coupon}
      create={API.members.couponCreate}
      modify={API.members.couponModify}
      createBody={body}
      modifyBody={(values: CouponForm, editing) => ({ ...body(values), id: editing.id })}
      initialValues={toCouponForm(coupon, currency)}
      titleKeys={{ add: "coupons.add", edit: "coupons.edit" }}
      name="coupon"
      testId="coupon-form"
      preserve={false}
      onClose={props.onClose}
    >
      <Form.Item
        name="code"
        label={t("coupons.fields.code")}
        extra={t("coupons.help.code")}
        rules={[zodRule(couponFieldRules.code)]}
      >
        <Input maxLength={COUPON_LIMITS.code} style={{ textTransform: "uppercase" }} data-testid="coupon-code" />
      </Form.Item>
      <Form.Item name="name" label={t("coupons.fields.name")} rules={[zodRule(couponFieldRules.name)]}>
        <Input maxLength={COUPON_LIMITS.name} data-testid="coupon-name" />
      </Form.Item>
      <Form.Item
        name="kind"
        label={t("coupons.fields.kind")}
        extra={t(`coupons.help.${kind}`)}
        rules={[zodRule(couponFieldRules.kind)]}
      >
        <Radio.Group
          optionType="button"
          options={COUPON_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
          data-testid="coupon-kind"
        />
      </Form.Item>
      {kind === "discount" && (
        <Form.Item name="discount_rate" label={t("coupons.fields.discountRate")} rules={[zodRule(percentOff)]}>
          <InputNumber precision={0} suffix="%" style={{ width: "100%" }} data-testid="coupon-rate" />
        </Form.Item>
      )}
      {kind === "voucher" && (
        <Form.Item name="amount" label={t("coupons.fields.amount")} rules={[moneyRule(currency, couponAmount)]}>
          <Input inputMode="decimal" prefix={currency} data-testid="coupon-amount" />
        </Form.Item>
      )}
      <Form.Item
        name="valid_days"
        label={t("coupons.fields.validDays")}
        extra={t("coupons.help.validDays")}
        rules={[zodRule(couponFieldRules.valid_days)]}
      >
        <InputNumber precision={0} style={{ width: "100%" }} data-testid="coupon-valid-days" />
      </Form.Item>
      {coupon && coupon.given > 0 && <Typography.Text type="secondary">{t("coupons.help.modify")}</Typography.Text>}
    </EntityDialog>
  );
}
