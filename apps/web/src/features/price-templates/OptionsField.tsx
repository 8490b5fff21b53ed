import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { LIMITS, priceTemplateOptionFields } from "@washboard/shared";
import { Button, Col, Form, Input, InputNumber, Row, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { EMPTY_OPTION } from "./price-form";
import "./price-templates.css";

/**
 * The second-level menu: an ordered list of options (name, added price, added time), at most
 * LIMITS.priceTemplateOptions, each row movable up and down and removable.
 */
export function OptionsField({ currency }: { currency: string }) {
  const { t } = useTranslation();
  return (
    <Form.List name="options">
      {(fields, { add, remove, move }) => (
        <div data-testid="price-options">
          {fields.length === 0 && (
            <Typography.Text type="secondary" style={{ display: "block", marginBottom: 8 }}>
              {t("priceTemplates.noOptions")}
            </Typography.Text>
          )}
          {fields.map((field, index) => (
            <div key={field.key} className="price-option-row" data-testid={`price-option-${index}`}>
              <Row gutter={8} align="bottom" wrap>
                <Col xs={24} sm={8}>
                  <Form.Item
                    name={[field.name, "name"]}
                    label={t("priceTemplates.fields.optionName")}
                    rules={[zodRule(priceTemplateOptionFields.name)]}
                  >
                    <Input maxLength={64} data-testid={`price-option-name-${index}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item
                    name={[field.name, "added_price"]}
                    label={t("priceTemplates.fields.addedPrice")}
                    rules={[moneyRule(currency, priceTemplateOptionFields.added_price)]}
                  >
                    <Input inputMode="decimal" prefix={currency} data-testid={`price-option-price-${index}`} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={5}>
                  <Form.Item
                    name={[field.name, "added_minutes"]}
                    label={t("priceTemplates.fields.addedMinutes")}
                    rules={[zodRule(priceTemplateOptionFields.added_minutes)]}
                  >
                    <InputNumber
                      min={0}
                      precision={0}
                      style={{ width: "100%" }}
                      data-testid={`price-option-minutes-${index}`}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={5}>
                  <Form.Item>
                    <Space.Compact>
                      <Button
                        icon={<ArrowUpOutlined />}
                        aria-label={t("priceTemplates.moveUp")}
                        title={t("priceTemplates.moveUp")}
                        disabled={index === 0}
                        onClick={() => move(index, index - 1)}
                      />
                      <Button
                        icon={<ArrowDownOutlined />}
                        aria-label={t("priceTemplates.moveDown")}
                        title={t("priceTemplates.moveDown")}
                        disabled={index === fields.length - 1}
                        onClick={() => move(index, index + 1)}
                      />
                      <Button
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t("priceTemplates.removeOption")}
                        title={t("priceTemplates.removeOption")}
                        onClick={() => remove(field.name)}
                        data-testid={`price-option-remove-${index}`}
                      />
                    </Space.Compact>
                  </Form.Item>
                </Col>
              </Row>
            </div>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ ...EMPTY_OPTION })}
            disabled={fields.length >= LIMITS.priceTemplateOptions}
            data-testid="price-option-add"
          >
            {t("priceTemplates.addOption")}
          </Button>
          <Typography.Text type="secondary" style={{ display: "block", marginTop: 4 }}>
            {t("priceTemplates.optionsHelp", { max: LIMITS.priceTemplateOptions })}
          </Typography.Text>
        </div>
      )}
    </Form.List>
  );
}
