import { API, type ControlTemplateItem, controlTemplateFields, WASHER_CATALOGUE_LIMITS } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

interface TemplateForm {
  name: string;
  data_head: string;
  data_body: string;
}

const EMPTY: TemplateForm = { name: "", data_head: "", data_body: "" };

/** Create (template null) or edit one of the vendor's control templates. */
export function ControlTemplateDialog(props: { template: ControlTemplateItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateForm>();
  const editing = props.template;

  const save = useCallMutation(
    editing ? API.washerCatalogue.modifyControlTemplate : API.washerCatalogue.createControlTemplate,
    {
      toBody: (values: TemplateForm) => (editing ? { ...values, id: editing.id } : values),
      success: editing ? "success.modify" : "success.add",
      onSuccess: props.onClose,
    },
  );

  const f = controlTemplateFields;
  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "washerCatalogue.editTemplate" : "washerCatalogue.addTemplate")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<TemplateForm>
        form={form}
        layout="vertical"
        initialValues={editing ? { ...editing } : EMPTY}
        onFinish={(values) => save.mutate(values)}
        data-testid="control-template-form"
      >
        <Form.Item name="name" label={t("washerCatalogue.fields.templateName")} rules={[zodRule(f.name)]}>
          <Input maxLength={WASHER_CATALOGUE_LIMITS.templateName} data-testid="control-template-name" />
        </Form.Item>
        <Form.Item
          name="data_head"
          label={t("washerCatalogue.fields.dataHead")}
          extra={t("washerCatalogue.fields.dataHeadHelp")}
          rules={[zodRule(f.data_head)]}
        >
          <Input
            maxLength={WASHER_CATALOGUE_LIMITS.dataHead}
            style={{ fontFamily: "monospace" }}
            data-testid="control-template-head"
          />
        </Form.Item>
        <Form.Item name="data_body" label={t("washerCatalogue.fields.dataBody")} rules={[zodRule(f.data_body)]}>
          <Input.TextArea
            rows={4}
            maxLength={WASHER_CATALOGUE_LIMITS.dataBody}
            style={{ fontFamily: "monospace" }}
            data-testid="control-template-body"
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
