import { API, PAYQR_BIND_MODE, type PayQrItem } from "@washboard/shared";
import { Form, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { FormModal } from "../../app/ui/FormModal";
import { BindingFields, type BindingForm } from "./BindingFields";

/** Moves a code to another shop, or to a device of a shop (spec §7 "Payqr v3" bind_mode). */
export function BindDialog(props: { code: PayQrItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindingForm>();
  const code = props.code;

  const save = useCallMutation(API.payqr.bindMode, {
    toBody: (values: BindingForm) => ({
      id: code.id,
      bind_mode: values.bind_mode,
      shop_id: values.shop_id ?? 0,
      device_id: values.bind_mode === PAYQR_BIND_MODE.device ? (values.device_id ?? null) : null,
    }),
    success: "success.bind",
    onSuccess: props.onClose,
  });

  return (
    <FormModal form={form} open title={t("payqr.bindTitle")} onCancel={props.onClose} saving={save.isPending}>
      <Typography.Paragraph type="secondary">{code.name}</Typography.Paragraph>
      <Form<BindingForm>
        form={form}
        name="payqr-bind"
        layout="vertical"
        initialValues={{
          bind_mode: code.bind_mode === PAYQR_BIND_MODE.device ? PAYQR_BIND_MODE.device : PAYQR_BIND_MODE.shop,
          shop_id: code.shop_id,
          device_id: code.device_id,
        }}
        onFinish={(values) => save.mutate(values)}
        data-testid="payqr-bind-form"
      >
        <BindingFields />
      </Form>
    </FormModal>
  );
}
