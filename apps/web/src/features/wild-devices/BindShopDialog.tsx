import { API, type DeviceItem, requiredRecordId } from "@washboard/shared";
import { Form, Select, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { deviceLabel } from "../devices/command-form";
import { useShopOptions } from "../shops/queries";

interface BindShopForm {
  shop_id: number;
}

/**
 * Places a wild device into one of the vendor's shops. The shop is required ("cannot be empty",
 * the shared rule of a record to choose); once bound, the device's queries refetch and it leaves
 * the wild list.
 */
export function BindShopDialog(props: { device: DeviceItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindShopForm>();
  const shops = useShopOptions((options) => options.shops.map((s) => ({ value: s.id, label: s.name })));
  const device = props.device;

  const bind = useCallMutation(API.devices.bindShop, {
    toBody: (values: BindShopForm) => ({ device_id: device.id, shop_id: values.shop_id }),
    success: "success.bind",
    onSuccess: props.onClose,
  });

  return (
    <FormModal form={form} open title={t("wildDevices.bindTitle")} onCancel={props.onClose} saving={bind.isPending}>
      <Typography.Paragraph type="secondary" data-testid="wild-bind-device">
        {deviceLabel(device)}
      </Typography.Paragraph>
      <Form<BindShopForm>
        form={form}
        name="wild-device-bind"
        layout="vertical"
        onFinish={(values) => bind.mutate(values)}
        data-testid="wild-bind-form"
      >
        <Form.Item name="shop_id" label={t("devices.fields.shop")} rules={[zodRule(requiredRecordId)]}>
          <Select
            showSearch={{ optionFilterProp: "label" }}
            loading={shops.isLoading}
            options={shops.data ?? []}
            placeholder={t("wildDevices.shopPlaceholder")}
            data-testid="wild-bind-shop"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
