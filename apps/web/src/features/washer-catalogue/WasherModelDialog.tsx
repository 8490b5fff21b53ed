import { useMutation } from "@tanstack/react-query";
import {
  API,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
  WASHER_CATALOGUE_LIMITS,
  type WasherModelItem,
  washerModelFields,
} from "@washboard/shared";
import { Col, Form, Input, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { call } from "../../app/api/client";
import { toastSuccess } from "../../app/feedback/toast";
import { useFillOnOpen } from "../../app/forms/useFillOnOpen";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";
import { refreshCatalogue, useCatalogueOptions } from "./queries";

/** The form's values once its rules passed (brand and machine type are then set). */
interface ModelForm {
  brand_id: number;
  name: string;
  machine_type: MachineType;
  control_template_id: number | null;
}

const EMPTY: Partial<ModelForm> = { name: "", control_template_id: null };

/** Create (model null) or edit one of the vendor's models, under a brand it sees. */
export function WasherModelDialog(props: { open: boolean; model: WasherModelItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelForm>();
  const options = useCatalogueOptions();
  const editing = props.model;

  useFillOnOpen(form, props.open, editing, (editing) =>
    editing
      ? {
          brand_id: editing.brand_id,
          name: editing.name,
          // A type outside spec §9 (written elsewhere) leaves the select empty, to be chosen again.
          machine_type: MACHINE_TYPES.find((type) => type === editing.machine_type),
          control_template_id: editing.control_template_id,
        }
      : EMPTY,
  );

  const save = useMutation({
    mutationFn: (values: ModelForm) => {
      const body = { ...values, control_template_id: values.control_template_id ?? null };
      return editing
        ? call(API.washerCatalogue.modifyModel, { ...body, id: editing.id })
        : call(API.washerCatalogue.createModel, body);
    },
    onSuccess: async () => {
      toastSuccess(editing ? "success.modify" : "success.add");
      await refreshCatalogue();
      props.onClose();
    },
  });

  const f = washerModelFields;
  return (
    <FormModal
      form={form}
      open={props.open}
      title={t(editing ? "washerCatalogue.editModel" : "washerCatalogue.addModel")}
      onCancel={props.onClose}
      saving={save.isPending}
      forceRender
    >
      <Form<ModelForm>
        form={form}
        layout="vertical"
        initialValues={EMPTY}
        onFinish={(values) => save.mutate(values)}
        data-testid="washer-model-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="brand_id" label={t("washerCatalogue.fields.brand")} rules={[zodRule(f.brand_id)]}>
              <Select
                showSearch
                optionFilterProp="label"
                loading={options.isLoading}
                options={(options.data?.brands ?? []).map((b) => ({ value: b.id, label: b.name }))}
                data-testid="washer-model-brand"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t("washerCatalogue.fields.modelName")} rules={[zodRule(f.name)]}>
              <Input maxLength={WASHER_CATALOGUE_LIMITS.modelName} data-testid="washer-model-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="machine_type"
              label={t("washerCatalogue.fields.machineType")}
              rules={[zodRule(f.machine_type)]}
            >
              <Select
                options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
                data-testid="washer-model-type"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="control_template_id" label={t("washerCatalogue.fields.controlTemplate")}>
              <Select
                allowClear
                placeholder={t("washerCatalogue.fields.noTemplate")}
                showSearch
                optionFilterProp="label"
                loading={options.isLoading}
                options={(options.data?.control_templates ?? []).map((c) => ({ value: c.id, label: c.name }))}
                data-testid="washer-model-template"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </FormModal>
  );
}
