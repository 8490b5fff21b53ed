import { useMutation } from "@tanstack/react-query";
import { API, type ControlTemplateItem, controlTemplateFields, WASHER_CATALOGUE_LIMITS } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { useFillOnOpen } from "../../app/forms/useFillOnOpen";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { refreshCatalogue } from "./queries";

interface TemplateForm {
  name: string;
  data_head: string;
  data_body: string;
}

const EMPTY: TemplateForm = { name: "", data_head: "", data_body: "" };

/** Create (template null) or edit one of the vendor's control templates. */
export function ControlTemplateDialog(props: { open: boolean; template: ControlTemplateItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TemplateForm>();
  const editing = props.template;

  useFillOnOpen(form, props.open, editing, (editing) => (editing ? { ...editing } : EMPTY));

  const save = useMutation({
    mutationFn: (values: TemplateForm) =>
      editing
        ? call(API.washerCatalogue.modifyControlTemplate, { ...values, id: editing.id })
        : call(API.washerCatalogue.createControlTemplate, values),
    onSuccess: async () => {
      toastSuccess(editing ? "success.modify" : "success.add");
      await refreshCatalogue();
      props.onClose();
    },
  });

  const f = controlTemplateFields;
  return (
    <FormModal
      form={form}
      open={props.open}
      title={t(editing ? "washerCatalogue.editTemplate" : "washerCatalogue.addTemplate")}
      onCancel={props.onClose}
      saving={save.isPending}
      forceRender
    >
      <Form<TemplateForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
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
