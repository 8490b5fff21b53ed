import { Form, Input, InputNumber } from "antd";
import { useTranslation } from "react-i18next";
import { moneyRule } from "../../app/forms/money";
import { zodRule } from "../../app/forms/zod-rule";
import { startFields } from "./command-form";

/**
 * The fields of what a start runs — program, price in the vendor's currency, minutes — with the
 * contract's rules; the remote-start dialog and the Bluetooth tool both use them.
 */
export function StartProgramFields(props: { currency: string; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { currency, testIdPrefix } = props;
  return (
    <>
      <Form.Item name="program" label={t("devices.start.program")} rules={[zodRule(startFields.program)]}>
        <Input maxLength={64} data-testid={`${testIdPrefix}-program`} />
      </Form.Item>
      <Form.Item name="price" label={t("devices.start.price")} rules={[moneyRule(currency, startFields.price)]}>
        <Input inputMode="decimal" addonBefore={currency} data-testid={`${testIdPrefix}-price`} />
      </Form.Item>
      <Form.Item
        name="minutes"
        label={t("devices.start.minutes")}
        extra={t("devices.start.minutesHelp")}
        rules={[zodRule(startFields.minutes)]}
      >
        <InputNumber
          min={1}
          max={1440}
          precision={0}
          style={{ width: "100%" }}
          data-testid={`${testIdPrefix}-minutes`}
        />
      </Form.Item>
    </>
  );
}
