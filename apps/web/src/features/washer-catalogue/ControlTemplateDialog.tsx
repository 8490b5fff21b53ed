import { API, type ControlTemplateItem, controlTemplateFields, WASHER_CATALOGUE_LIMITS } from "@washboard/shared";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";

interface TemplateForm {
  name: string;
  data_head: string;
  data_body: string;
}

const EMPTY: TemplateForm = { name: "", data_head: "", data_body: "" };

/** Create (template null) or edit one of the vendor's control templates. */
export function ControlTemplateDialog(props: { template: ControlTemplateItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = props.template;

  const f = controlTemplateFields;
  return (
    <EntityDialog
      record={editing}
      create={API.washerCatalogue.createControlTemplate}
      modify={API.washerCatalogue.modifyControlTemplate}
      initialValues={editing ? { ...editing } : EMPTY}
      titleKeys={{ add: "washerCatalogue.addTemplate", edit: "washerCatalogue.editTemplate" }}
      name="control-template"
      testId="control-template-form"
      onClose={props.onClose}
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
    </EntityDialog>
  );
}
