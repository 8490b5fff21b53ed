import { useMutation } from "@tanstack/react-query";
import { API, PAYQR_BIND_MODE, type PayQrItem } from "@washboard/shared";
import { Form, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { FormModal } from "../../app/ui/FormModal";
import { BindingFields, type BindingForm } from "./BindingFields";
import { refreshPayQrCodes } from "./queries";

/** Moves a code to another shop, or to a device of a shop (spec §7 "Payqr v3" bind_mode). */
export function BindDialog(props: { code: PayQrItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BindingForm>();
  const code = props.code;

  useEffect(() => {
    if (code) {
      form.setFieldsValue({
        bind_mode: code.bind_mode === PAYQR_BIND_MODE.device ? PAYQR_BIND_MODE.device : PAYQR_BIND_MODE.shop,
        shop_id: code.shop_id,
        device_id: code.device_id,
      });
    }
  }, [code, form]);

  const save = useMutation({
    mutationFn: (values: BindingForm) =>
      call(API.payqr.bindMode, {
        id: code?.id ?? 0,
        bind_mode: values.bind_mode,
        shop_id: values.shop_id ?? 0,
        device_id: values.bind_mode === PAYQR_BIND_MODE.device ? (values.device_id ?? null) : null,
      }),
    onSuccess: async () => {
      toastSuccess("success.bind");
      await refreshPayQrCodes();
      props.onClose();
    },
  });

  return (
    <FormModal
      form={form}
      open={code !== null}
      title={t("payqr.bindTitle")}
      onCancel={props.onClose}
      saving={save.isPending}
      forceRender
    >
      <Typography.Paragraph type="secondary">{code?.name}</Typography.Paragraph>
      <Form<BindingForm>
        form={form}
        name="payqr-bind"
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        data-testid="payqr-bind-form"
      >
        <BindingFields />
      </Form>
    </FormModal>
  );
}
