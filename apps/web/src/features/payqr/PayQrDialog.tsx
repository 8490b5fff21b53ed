import { useMutation } from "@tanstack/react-query";
import { API, PAYQR_BIND_MODE, type PayQrItem, payQrFields } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { useFillOnOpen } from "../../app/forms/useFillOnOpen";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { BindingFields, type BindingForm } from "./BindingFields";
import { refreshPayQrCodes } from "./queries";

interface PayQrForm extends BindingForm {
  name: string;
  remark: string;
}

const EMPTY: PayQrForm = { name: "", remark: "", bind_mode: PAYQR_BIND_MODE.shop, device_id: null };

/**
 * Create a code (name, remark and where it pays), or edit one's name and remark. Its binding
 * changes in the bind dialog; the code itself never changes, so printed copies keep working.
 */
export function PayQrDialog(props: { open: boolean; code: PayQrItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PayQrForm>();
  const editing = props.code;

  useFillOnOpen(form, props.open, editing, (editing) =>
    editing ? { name: editing.name, remark: editing.remark } : EMPTY,
  );

  const save = useMutation({
    mutationFn: (values: PayQrForm) =>
      editing
        ? call(API.payqr.update, { id: editing.id, name: values.name, remark: values.remark ?? "" })
        : call(API.payqr.create, {
            name: values.name,
            remark: values.remark ?? "",
            bind_mode: values.bind_mode,
            shop_id: values.shop_id ?? 0,
            device_id: values.bind_mode === PAYQR_BIND_MODE.device ? (values.device_id ?? null) : null,
          }),
    onSuccess: async () => {
      toastSuccess(editing ? "success.modify" : "success.add");
      await refreshPayQrCodes();
      props.onClose();
    },
  });

  return (
    <FormModal
      form={form}
      open={props.open}
      title={t(editing ? "payqr.edit" : "payqr.add")}
      onCancel={props.onClose}
      saving={save.isPending}
      forceRender
    >
      <Form<PayQrForm>
        form={form}
        name="payqr"
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => save.mutate(values)}
        data-testid="payqr-form"
      >
        <Form.Item name="name" label={t("payqr.fields.name")} rules={[zodRule(payQrFields.name)]}>
          <Input maxLength={64} data-testid="payqr-name" />
        </Form.Item>
        {!editing && <BindingFields />}
        <Form.Item name="remark" label={t("payqr.fields.remark")} rules={[zodRule(payQrFields.remark)]}>
          <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} data-testid="payqr-remark" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
