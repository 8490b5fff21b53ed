import { API, PROMOTION_LIMITS, type PriceWindowItem, percentOff, priceAmount } from "@washboard/shared";
import { Checkbox, Col, Form, Input, InputNumber, Radio, Row, Switch, TimePicker } from "antd";
import type { Dayjs } from "dayjs";
import { useTranslation } from "react-i18next";
import { moneyRule } from "../../app/forms/money";
import { fieldError, zodRule } from "../../app/forms/zod-rule";
import { i18next } from "../../app/i18n";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { crossesMidnight, WEEK_ORDER, weekdayName } from "./labels";
import { ScopeFields } from "./ScopeFields";
import {
  clockText,
  type PriceWindowForm,
  toWindowBody,
  toWindowForm,
  windowEndIssue,
  windowFieldRules,
} from "./window-form";

/** Create (window null) or edit a time-of-day price: weekdays, local hours, the change, the scope. */
export function PriceWindowDialog(props: { window: PriceWindowItem | null; currency: string; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const { currency } = props;
  const [form] = Form.useForm<PriceWindowForm>();
  const mode = Form.useWatch("mode", form) ?? "percent_off";
  const from = Form.useWatch("from", form);
  const to = Form.useWatch("to", form);
  const overnight = from && to && crossesMidnight({ from: clockText(from), to: clockText(to) });

  return (
    <EntityDialog
      record={props.window}
      create={API.promotions.createWindow}
      modify={API.promotions.modifyWindow}
      createBody={(values: PriceWindowForm) => toWindowBody(values, currency)}
      modifyBody={(values: PriceWindowForm, editing) => ({ ...toWindowBody(values, currency), id: editing.id })}
      initialValues={toWindowForm(props.window, currency)}
      titleKeys={{ add: "promotions.windows.add", edit: "promotions.windows.edit" }}
      name="price-window"
      testId="price-window-form"
      form={form}
      onClose={props.onClose}
    >
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item name="name" label={t("promotions.fields.name")} rules={[zodRule(windowFieldRules.name)]}>
            <Input maxLength={PROMOTION_LIMITS.name} data-testid="price-window-name" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="days" label={t("promotions.windows.days")} rules={[zodRule(windowFieldRules.days)]}>
            <Checkbox.Group
              options={WEEK_ORDER.map((day) => ({ value: day, label: weekdayName(day, i18n.language) }))}
              data-testid="price-window-days"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="from"
            label={t("promotions.windows.from")}
            rules={[
              {
                validator: async (_rule, value: Dayjs | null) => {
                  const message = fieldError(windowFieldRules.from, clockText(value));
                  if (message) throw new Error(message);
                },
              },
            ]}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="to"
            label={t("promotions.windows.to")}
            dependencies={["from"]}
            rules={[
              ({ getFieldValue }) => ({
                validator: async (_rule, value: Dayjs | null) => {
                  const issue = windowEndIssue(getFieldValue("from"), value);
                  if (issue) throw new Error(i18next.t(issue));
                },
              }),
            ]}
            extra={overnight ? t("promotions.windows.overnightHint") : undefined}
          >
            <TimePicker format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: "100%" }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="mode" label={t("promotions.windows.change")}>
            <Radio.Group
              optionType="button"
              options={[
                { value: "percent_off", label: t("promotions.windows.modes.percent_off") },
                { value: "price", label: t("promotions.windows.modes.price") },
              ]}
              data-testid="price-window-mode"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {mode === "price" ? (
            <Form.Item
              name="price"
              label={t("promotions.windows.price")}
              extra={t("promotions.windows.priceHint")}
              rules={[moneyRule(currency, priceAmount)]}
            >
              <Input inputMode="decimal" prefix={currency} data-testid="price-window-price" />
            </Form.Item>
          ) : (
            <Form.Item name="percent_off" label={t("promotions.fields.percentOff")} rules={[zodRule(percentOff)]}>
              <InputNumber precision={0} suffix="%" style={{ width: "100%" }} data-testid="price-window-percent" />
            </Form.Item>
          )}
        </Col>
        <ScopeFields testId="price-window" />
        <Col span={24}>
          <Form.Item name="enabled" label={t("promotions.windows.enabled")} valuePropName="checked">
            <Switch data-testid="price-window-enabled" />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
