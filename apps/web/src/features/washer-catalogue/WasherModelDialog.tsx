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
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { useCatalogueOptions } from "./queries";

/** The form's values once its rules passed (brand and machine type are then set). */
interface ModelForm {
  brand_id: number;
  name: string;
  machine_type: MachineType;
  control_template_id: number | null;
}

const EMPTY: Partial<ModelForm> = { name: "", control_template_id: null };

function toForm(model: WasherModelItem | null): Partial<ModelForm> {
  if (!model) return EMPTY;
  return {
    brand_id: model.brand_id,
    name: model.name,
    // A type outside spec §9 (written elsewhere) leaves the select empty, to be chosen again.
    machine_type: MACHINE_TYPES.find((type) => type === model.machine_type),
    control_template_id: model.control_template_id,
  };
}

/** The create call's payload: no control template is null. */
function createBody(values: ModelForm) {
  return { ...values, control_template_id: values.control_template_id ?? null };
}

/** Create (model null) or edit one of the vendor's models, under a brand it sees. */
export function WasherModelDialog(props: { model: WasherModelItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const options = useCatalogueOptions();
  const editing = props.model;

  const f = washerModelFields;
  return (
    <EntityDialog
      record={editing}
      create={API.washerCatalogue.createModel}
      modify={API.washerCatalogue.modifyModel}
      createBody={createBody}
      modifyBody={(values: ModelForm, model) => ({ ...createBody(values), id: model.id })}
      initialValues={toForm(editing)}
      titleKeys={{ add: "washerCatalogue.addModel", edit: "washerCatalogue.editModel" }}
      name="washer-model"
      testId="washer-model-form"
      onClose={props.onClose}
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
    </EntityDialog>
  );
}
