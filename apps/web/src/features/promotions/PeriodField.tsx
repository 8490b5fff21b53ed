import { Col, DatePicker, Form } from "antd";
import { useTranslation } from "react-i18next";
import { i18next } from "../../app/i18n";
import type { PeriodValue } from "./promotion-form";

/** A rule's period (a promotion's, an announcement's): a range of local times, checked by the contract's rule. */
export function PeriodField(props: { testId: string; hint: string; issueOf(period: PeriodValue): string | undefined }) {
  const { t } = useTranslation();
  return (
    <Col span={24}>
      <Form.Item
        name="period"
        label={t("promotions.fields.period")}
        extra={props.hint}
        rules={[
          {
            validator: async (_rule, value: PeriodValue) => {
              const issue = props.issueOf(value);
              if (issue) throw new Error(i18next.t(issue));
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          showTime={{ format: "HH:mm" }}
          format="YYYY-MM-DD HH:mm"
          allowClear={false}
          style={{ width: "100%" }}
          data-testid={`${props.testId}-period`}
        />
      </Form.Item>
    </Col>
  );
}
