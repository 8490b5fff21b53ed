import {
  API,
  type FirmwarePackageItem,
  firmwarePackageFields,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
} from "@washboard/shared";
import { Col, Form, Input, InputNumber, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";

interface PackageForm {
  version: string;
  download_url: string;
  size: number | null;
  sha256: string;
  machine_types: MachineType[];
  models: string[];
  note: string;
}

function toForm(item: FirmwarePackageItem | null): PackageForm {
  if (!item) return { version: "", download_url: "", size: null, sha256: "", machine_types: [], models: [], note: "" };
  return { ...item, size: item.size > 0 ? item.size : null };
}

const toBody = (values: PackageForm) => ({ ...values, size: values.size ?? 0 });

/** The size box left empty means unknown, sent as 0; otherwise the server's rule. */
const sizeRule = zodRule(
  z.preprocess((value) => (value === "" || value == null ? 0 : value), firmwarePackageFields.size),
);

/**
 * Add (item null) or edit a firmware package: version and download link required (spec §5), the
 * file's size and SHA-256 when known (machines check their download against them), the machine
 * types and models it fits.
 */
export function PackageDialog(props: { item: FirmwarePackageItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const f = firmwarePackageFields;
  return (
    <EntityDialog
      record={props.item}
      create={API.ota.createPackage}
      modify={API.ota.modifyPackage}
      createBody={toBody}
      modifyBody={(values: PackageForm, editing) => ({ ...toBody(values), id: editing.id })}
      initialValues={toForm(props.item)}
      titleKeys={{ add: "ota.add", edit: "ota.edit" }}
      name="ota-package"
      testId="ota-package-form"
      onClose={props.onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="version" label={t("ota.fields.version")} rules={[zodRule(f.version)]}>
            <Input maxLength={32} data-testid="ota-version" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="download_url" label={t("ota.fields.downloadUrl")} rules={[zodRule(f.download_url)]}>
            <Input maxLength={512} inputMode="url" placeholder="https://" data-testid="ota-download-url" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="machine_types" label={t("ota.fields.machineTypes")} rules={[zodRule(f.machine_types)]}>
            <Select
              mode="multiple"
              options={MACHINE_TYPES.map((type) => ({ value: type, label: t(machineTypeLabelKey(type)) }))}
              data-testid="ota-machine-types"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="models"
            label={t("ota.fields.models")}
            extra={t("ota.modelsHint")}
            rules={[zodRule(f.models)]}
          >
            <Select mode="tags" open={false} tokenSeparators={[","]} data-testid="ota-models" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="size" label={t("ota.fields.sizeBytes")} rules={[sizeRule]}>
            <InputNumber min={0} precision={0} style={{ width: "100%" }} data-testid="ota-size" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            name="sha256"
            label={t("ota.fields.sha256")}
            extra={t("ota.sha256Hint")}
            rules={[zodRule(f.sha256)]}
          >
            <Input maxLength={64} spellCheck={false} data-testid="ota-sha256" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="note" label={t("ota.fields.note")} rules={[zodRule(f.note)]}>
            <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="ota-note" />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
