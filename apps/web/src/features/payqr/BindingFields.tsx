import { boundDeviceId, PAYQR_BIND_MODE, PAYQR_BIND_MODES, payQrBinding } from "@washboard/shared";
import { Form, Radio, Select } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { bindModeLabel } from "./labels";
import { useBindDevices, useShopChoices } from "./queries";

export interface BindingForm {
  bind_mode: 1 | 2;
  shop_id?: number;
  device_id?: number | null;
}

/**
 * Where a code sends payments: a shop, or a device of that shop. Changing the shop clears the
 * device; the device select lists the chosen shop's devices only, as the server requires.
 */
export function BindingFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BindingForm>();
  const mode = Form.useWatch("bind_mode", form);
  const shopId = Form.useWatch("shop_id", form);
  const shops = useShopChoices();
  const devices = useBindDevices(mode === PAYQR_BIND_MODE.device ? shopId : undefined);
  return (
    <>
      <Form.Item name="bind_mode" label={t("payqr.fields.bindMode")} rules={[zodRule(payQrBinding.bind_mode)]}>
        <Radio.Group
          optionType="button"
          options={PAYQR_BIND_MODES.map((m) => ({ value: m, label: bindModeLabel(m) }))}
          data-testid="payqr-bind-mode"
        />
      </Form.Item>
      <Form.Item name="shop_id" label={t("payqr.fields.shop")} rules={[zodRule(payQrBinding.shop_id)]}>
        <Select
          showSearch
          optionFilterProp="label"
          placeholder={t("payqr.shopPlaceholder")}
          options={shops.data ?? []}
          loading={shops.isFetching}
          onChange={() => form.setFieldValue("device_id", null)}
          data-testid="payqr-shop"
        />
      </Form.Item>
      {mode === PAYQR_BIND_MODE.device && (
        <Form.Item name="device_id" label={t("payqr.fields.device")} rules={[zodRule(boundDeviceId)]}>
          <Select
            showSearch
            optionFilterProp="label"
            placeholder={t("payqr.devicePlaceholder")}
            options={devices.data ?? []}
            loading={devices.isFetching}
            disabled={shopId === undefined}
            notFoundContent={t("payqr.noDevices")}
            data-testid="payqr-device"
          />
        </Form.Item>
      )}
    </>
  );
}
