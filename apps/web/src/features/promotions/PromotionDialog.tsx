import { API, PROMOTION_LIMITS, type PromotionItem, type PromotionKind } from "@washboard/shared";
import { Col, Form, Input, InputNumber, Row, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { kindLabel } from "./labels";
import { PeriodField } from "./PeriodField";
import {
  type CountSetting,
  isMoneySetting,
  KIND_FIELDS,
  type MoneySetting,
  type PromotionForm,
  periodIssue,
  promotionFieldRules,
  settingSchema,
  toBody,
  toForm,
} from "./promotion-form";
import { ScopeFields } from "./ScopeFields";

/** Each setting's label and, where the number alone says too little, what it means. */
const SETTING_TEXT: Record<MoneySetting | CountSetting, { label: string; help?: string }> = {
  percent_off: { label: "promotions.fields.percentOff", help: "promotions.help.percentOff" },
  validity_days: { label: "promotions.fields.validityDays" },
  free_washes: { label: "promotions.fields.freeWashes" },
  free_dries: { label: "promotions.fields.freeDries" },
  gift_amount: { label: "promotions.fields.giftAmount" },
  top_up_amount: { label: "promotions.fields.topUpAmount", help: "promotions.help.topUpAmount" },
  price: { label: "promotions.fields.cardPrice" },
  earn_per: { label: "promotions.fields.earnPer", help: "promotions.help.earnPer" },
  point_value: { label: "promotions.fields.pointValue", help: "promotions.help.pointValue" },
};

/** What a kind does, said once above its own fields. */
const KIND_HELP: Record<PromotionKind, string> = {
  timelimit: "promotions.help.timelimit",
  firstfree: "promotions.help.firstfree",
  referfriend: "promotions.help.referfriend",
  dis_card: "promotions.help.dis_card",
  present: "promotions.help.present",
  bonus: "promotions.help.bonus",
  washdry: "promotions.help.washdry",
  point: "promotions.help.point",
};

/** One of the kind's own fields: an amount typed in the vendor's currency, or a whole number. */
function SettingField(props: { kind: PromotionKind; field: MoneySetting | CountSetting; currency: string }) {
  const { t } = useTranslation();
  const { kind, field, currency } = props;
  const text = SETTING_TEXT[field];
  const testId = `promotion-${field.replaceAll("_", "-")}`;
  if (isMoneySetting(field)) {
    return (
      <Form.Item
        name={field}
        label={t(text.label)}
        extra={text.help && t(text.help)}
        rules={[moneyRule(currency, settingSchema(kind, field))]}
      >
        <Input inputMode="decimal" prefix={currency} data-testid={testId} />
      </Form.Item>
    );
  }
  return (
    <Form.Item
      name={field}
      label={t(text.label)}
      extra={text.help && t(text.help)}
      rules={[zodRule(settingSchema(kind, field))]}
    >
      <InputNumber
        precision={0}
        suffix={field === "percent_off" ? "%" : undefined}
        style={{ width: "100%" }}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/**
 * Create (promotion null) or edit a promotion of one kind: its name, its period in the vendor's
 * time zone, its scope and the kind's own settings, each checked by the server's rules.
 */
export function PromotionDialog(props: {
  kind: PromotionKind;
  promotion: PromotionItem | null;
  currency: string;
  timeZone: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { kind, promotion, currency, timeZone } = props;
  const body = (values: PromotionForm) => toBody(kind, values, currency, timeZone);
  return (
    <EntityDialog
      record={promotion}
      create={API.promotions.create}
      modify={API.promotions.modify}
      createBody={body}
      modifyBody={(values: PromotionForm, editing) => ({ ...body(values), id: editing.id })}
      initialValues={toForm(kind, promotion, currency, timeZone)}
      titleKeys={{ add: `promotions.add.${kind}`, edit: `promotions.edit.${kind}` }}
      name={`promotion-${kind}`}
      testId="promotion-form"
      onClose={props.onClose}
    >
      <Typography.Paragraph type="secondary" data-testid="promotion-kind-help">
        {kindLabel(kind)}: {t(KIND_HELP[kind])}
      </Typography.Paragraph>
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="name" label={t("promotions.fields.name")} rules={[zodRule(promotionFieldRules.name)]}>
            <Input maxLength={PROMOTION_LIMITS.name} data-testid="promotion-name" />
          </Form.Item>
        </Col>
        <PeriodField
          testId="promotion"
          hint={t("promotions.periodHint", { zone: timeZone })}
          issueOf={(period) => periodIssue(period, timeZone)}
        />
        <ScopeFields testId="promotion" />
        {KIND_FIELDS[kind].map((field) => (
          <Col key={field} xs={24} md={12}>
            <SettingField kind={kind} field={field} currency={currency} />
          </Col>
        ))}
      </Row>
    </EntityDialog>
  );
}
