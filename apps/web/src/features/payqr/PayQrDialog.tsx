import { API, PAYQR_BIND_MODE, type PayQrItem, payQrFields } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { BindingFields, type BindingForm } from "./BindingFields";

interface PayQrForm extends BindingForm {
  name: string;
  remark: string;
}

const EMPTY: PayQrForm = { name: "", remark: "", bind_mode: PAYQR_BIND_MODE.shop, device_id: null };

/** A new code's payload: where it pays, the device only when it is bound to one. */
function createBody(values: PayQrForm) {
  return {
    name: values.name,
    remark: values.remark ?? "",
    bind_mode: values.bind_mode,
    shop_id: values.shop_id ?? 0,
    device_id: values.bind_mode === PAYQR_BIND_MODE.device ? (values.device_id ?? null) : null,
  };
}

/**
 * Create a code (name, remark and where it pays), or edit one's name and remark. Its binding
 * changes in the bind dialog; the code itself never changes, so printed copies keep working.
 */
export function PayQrDialog(props: { code: PayQrItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = props.code;

  return (
    <EntityDialog
      record={editing}
      create={API.payqr.create}
      modify={API.payqr.update}
      createBody={createBody}
      modifyBody={(values: PayQrForm, code) => ({ id: code.id, name: values.name, remark: values.remark ?? "" })}
      initialValues={editing ? { name: editing.name, remark: editing.remark } : EMPTY}
      titleKeys={{ add: "payqr.add", edit: "payqr.edit" }}
      name="payqr"
      testId="payqr-form"
      onClose={props.onClose}
    >
      <Form.Item name="name" label={t("payqr.fields.name")} rules={[zodRule(payQrFields.name)]}>
        <Input maxLength={64} data-testid="payqr-name" />
      </Form.Item>
      {!editing && <BindingFields />}
      <Form.Item name="remark" label={t("payqr.fields.remark")} rules={[zodRule(payQrFields.remark)]}>
        <Input.TextArea maxLength={255} showCount autoSize={{ minRows: 2, maxRows: 4 }} data-testid="payqr-remark" />
      </Form.Item>
    </EntityDialog>
  );
}
