import {
  API,
  downloadLink,
  type FirmwarePackageItem,
  firmwareFileKey,
  firmwarePackageFields,
  MACHINE_TYPES,
  type MachineType,
  machineTypeLabelKey,
} from "@washboard/shared";
import { Col, Form, Input, InputNumber, Radio, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { FirmwareFileUpload } from "./FirmwareFileUpload";

/** Where machines get the file: the vendor's own link, or a file uploaded to this install. */
type FileSource = "link" | "upload";

interface PackageForm {
  version: string;
  source: FileSource;
  download_url: string;
  file_key: string | null;
  size: number | null;
  sha256: string;
  machine_types: MachineType[];
  models: string[];
  note: string;
}

function toForm(item: FirmwarePackageItem | null): PackageForm {
  if (!item) {
    return {
      version: "",
      source: "link",
      download_url: "",
      file_key: null,
      size: null,
      sha256: "",
      machine_types: [],
      models: [],
      note: "",
    };
  }
  return { ...item, source: item.file_key ? "upload" : "link", size: item.size > 0 ? item.size : null };
}

/** One of link and file goes out, as the server wants (an uploaded file's size and hash are its own). */
function toBody({ source, ...values }: PackageForm) {
  return source === "upload"
    ? { ...values, download_url: "", size: 0, sha256: "" }
    : { ...values, file_key: null, size: values.size ?? 0 };
}

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
          <Form.Item name="source" label={t("ota.fields.source")}>
            <Radio.Group
              options={[
                { value: "link", label: t("ota.fields.downloadUrl") },
                { value: "upload", label: t("ota.sourceUpload") },
              ]}
              data-testid="ota-source"
            />
          </Form.Item>
        </Col>
        <FileFields item={props.item} />
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
        <Col span={24}>
          <Form.Item name="note" label={t("ota.fields.note")} rules={[zodRule(f.note)]}>
            <Input.TextArea maxLength={255} autoSize={{ minRows: 2, maxRows: 4 }} data-testid="ota-note" />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}

/** The link with the size and hash the operator knows, or the uploaded file (whose own they are). */
function FileFields({ item }: { item: FirmwarePackageItem | null }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<PackageForm>();
  const source = Form.useWatch("source", form);
  const f = firmwarePackageFields;
  if (source === "upload") {
    return (
      <Col span={24}>
        <Form.Item
          name="file_key"
          label={t("ota.uploadedFile")}
          extra={t("ota.uploadHint")}
          rules={[zodRule(firmwareFileKey)]}
        >
          <FirmwareFileUpload current={item?.file_key ? item : null} />
        </Form.Item>
      </Col>
    );
  }
  return (
    <>
      <Col span={24}>
        <Form.Item name="download_url" label={t("ota.fields.downloadUrl")} rules={[zodRule(downloadLink)]}>
          <Input maxLength={512} inputMode="url" placeholder="https://" data-testid="ota-download-url" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="size" label={t("ota.fields.sizeBytes")} rules={[sizeRule]}>
          <InputNumber min={0} precision={0} style={{ width: "100%" }} data-testid="ota-size" />
        </Form.Item>
      </Col>
      <Col xs={24} md={16}>
        <Form.Item name="sha256" label={t("ota.fields.sha256")} extra={t("ota.sha256Hint")} rules={[zodRule(f.sha256)]}>
          <Input maxLength={64} spellCheck={false} data-testid="ota-sha256" />
        </Form.Item>
      </Col>
    </>
  );
}
