import { API, PAYQR_BIND_MODE, type PayQrItem, payQrFields } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { BindingFields, type BindingForm } from "./BindingFields";

interface PayQrForm extends BindingForm {
  name: string;
  remark: string;
}

const EMPTY: PayQrForm = { name: "", remark: "", bind_mode: PAYQR_BIND_MODE.shop, device_id: null };

/**
 * Create a code (name, remark and where it pays), or edit one's name and remark. Its binding
 * changes in the bind dialog; the code itself never changes, so printed copies keep working.
 */
export function PayQrDialog(props: { code: PayQrItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PayQrForm>();
  const editing = props.code;

  const save = useCallMutation(editing ? API.payqr.update : API.payqr.create, {
    toBody: (values: PayQrForm) =>
      editing
        ? { id: editing.id, name: values.name, remark: values.remark ?? "" }
        : {
            name: values.name,
            remark: values.remark ?? "",
            bind_mode: values.bind_mode,
            shop_id: values.shop_id ?? 0,
            device_id: values.bind_mode === PAYQR_BIND_MODE.device ? (values.device_id ?? null) : null,
          },
    success: editing ? "success.modify" : "success.add",
    onSuccess: props.onClose,
  });

  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "payqr.edit" : "payqr.add")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<PayQrForm>
        form={form}
        name="payqr"
        layout="vertical"
        initialValues={editing ? { name: editing.name, remark: editing.remark } : EMPTY}
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
