import { API, claimDeviceRequest } from "@washboard/shared";
import { Alert, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface ClaimForm {
  serial_number: string;
  claim_code: string;
}

/**
 * Claims a machine made for no vendor yet: the serial number and the claim code printed on it.
 * Once claimed it is one of the vendor's wild devices, to be placed in a shop.
 */
export function ClaimDeviceDialog(props: { onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ClaimForm>();
  const claim = useCallMutation(API.devices.claim, {
    toBody: (values: ClaimForm) => values,
    success: "devices.claim.done",
    onSuccess: props.onClose,
  });
  const fields = claimDeviceRequest.shape;

  return (
    <FormModal form={form} open title={t("devices.claim.title")} onCancel={props.onClose} saving={claim.isPending}>
      <Alert type="info" showIcon className="device-dialog-note" title={t("devices.claim.note")} />
      <Form<ClaimForm>
        form={form}
        name="claim-device"
        layout="vertical"
        onFinish={(values) => claim.mutate(values)}
        data-testid="claim-device-form"
      >
        <Form.Item name="serial_number" label={t("devices.claim.serial")} rules={[zodRule(fields.serial_number)]}>
          <Input maxLength={64} autoComplete="off" data-testid="claim-serial" />
        </Form.Item>
        <Form.Item
          name="claim_code"
          label={t("devices.claim.code")}
          extra={t("devices.claim.codeHelp")}
          rules={[zodRule(fields.claim_code)]}
        >
          <Input maxLength={16} autoComplete="off" data-testid="claim-code" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
