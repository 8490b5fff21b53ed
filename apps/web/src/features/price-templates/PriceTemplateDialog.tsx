import { API, LIMITS, PRICE_TEMPLATE_LIMITS, type PriceTemplateItem, priceTemplateFields } from "@washboard/shared";
import { Col, Form, Input, InputNumber, Row } from "antd";
import { useTranslation } from "react-i18next";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { ImageUpload } from "../../app/ui/ImageUpload";
import { OptionsField } from "./OptionsField";
import { type PriceTemplateForm, toBody, toForm } from "./price-form";

/** Create (template null) or edit a price template, amounts typed in the vendor's currency. */
export function PriceTemplateDialog(props: { template: PriceTemplateItem | null; currency: string; onClose(): void }) {
  const { t } = useTranslation();
  const { template, currency } = props;

  const f = priceTemplateFields;
  return (
    <EntityDialog
      record={template}
      create={API.priceTemplates.create}
      modify={API.priceTemplates.modify}
      createBody={(values: PriceTemplateForm) => toBody(values, currency)}
      modifyBody={(values: PriceTemplateForm, editing) => ({ ...toBody(values, currency), id: editing.id })}
      initialValues={toForm(template, currency)}
      titleKeys={{ add: "priceTemplates.add", edit: "priceTemplates.edit" }}
      name="price-template"
      testId="price-template-form"
      onClose={props.onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="model_name" label={t("priceTemplates.fields.modelName")} rules={[zodRule(f.model_name)]}>
            <Input maxLength={PRICE_TEMPLATE_LIMITS.modelName} data-testid="price-model-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="estimated_minutes"
            label={t("priceTemplates.fields.estimatedMinutes")}
            rules={[zodRule(f.estimated_minutes)]}
          >
            <InputNumber
              min={PRICE_TEMPLATE_LIMITS.estimatedMinutes.min}
              max={PRICE_TEMPLATE_LIMITS.estimatedMinutes.max}
              precision={0}
              style={{ width: "100%" }}
              data-testid="price-minutes"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="display_price"
            label={t("priceTemplates.fields.displayPrice")}
            rules={[moneyRule(currency, f.display_price)]}
          >
            <Input inputMode="decimal" addonBefore={currency} data-testid="price-display-price" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="price" label={t("priceTemplates.fields.price")} rules={[moneyRule(currency, f.price)]}>
            <Input inputMode="decimal" addonBefore={currency} data-testid="price-price" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="icon" label={t("priceTemplates.fields.icon")} rules={[zodRule(f.icon)]}>
            <ImageUpload max={LIMITS.imageCounts.priceTemplateIcon} testId="price-icon" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="extra_params"
            label={t("priceTemplates.fields.extraParams")}
            rules={[zodRule(f.extra_params)]}
          >
            <Input.TextArea
              rows={3}
              placeholder={t("priceTemplates.fields.extraParamsHelp")}
              maxLength={PRICE_TEMPLATE_LIMITS.extraParams}
              showCount
              data-testid="price-extra-params"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t("priceTemplates.fields.options")}>
            <OptionsField currency={currency} />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
