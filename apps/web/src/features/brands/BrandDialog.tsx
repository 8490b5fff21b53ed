import { API, type BrandItem, brandFields, LIMITS } from "@washboard/shared";
import { Col, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { ImageUpload } from "../../app/ui/ImageUpload";

export interface BrandForm {
  name: string;
  longitude: string;
  latitude: string;
  service_time: string;
  country: string;
  province: string;
  city: string;
  address: string;
  manager: string;
  region: string;
  contact_phone: string;
  icon: string[];
  logo: string[];
}

const EMPTY: BrandForm = {
  name: "",
  longitude: "",
  latitude: "",
  service_time: "",
  country: "",
  province: "",
  city: "",
  address: "",
  manager: "",
  region: "",
  contact_phone: "",
  icon: [],
  logo: [],
};

function toForm(brand: BrandItem | null): BrandForm {
  if (!brand) return EMPTY;
  return { ...brand, longitude: String(brand.longitude), latitude: String(brand.latitude) };
}

/** The text fields of the form, two to a row on wide screens; the field schemas are the server's. */
const TEXT_FIELDS: { name: keyof typeof brandFields & keyof BrandForm; labelKey: string; max: number }[] = [
  { name: "name", labelKey: "brands.fields.name", max: 64 },
  { name: "contact_phone", labelKey: "brands.fields.contactPhone", max: 32 },
  { name: "longitude", labelKey: "brands.fields.longitude", max: 24 },
  { name: "latitude", labelKey: "brands.fields.latitude", max: 24 },
  { name: "service_time", labelKey: "brands.fields.serviceTime", max: 64 },
  { name: "manager", labelKey: "brands.fields.manager", max: 64 },
  { name: "country", labelKey: "brands.fields.country", max: 64 },
  { name: "province", labelKey: "brands.fields.province", max: 64 },
  { name: "city", labelKey: "brands.fields.city", max: 64 },
  { name: "region", labelKey: "brands.fields.region", max: 64 },
];

/** Create (brand null) or edit a brand, with every §3 field and one logo and one icon. */
export function BrandDialog(props: { brand: BrandItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const { brand } = props;
  return (
    <EntityDialog
      record={brand}
      create={API.brands.create}
      modify={API.brands.modify}
      // A change keeps the brand's status, which has its own button.
      modifyBody={(values: BrandForm, editing) => ({ ...values, id: editing.id, status: editing.status })}
      initialValues={toForm(brand)}
      titleKeys={{ add: "brands.add", edit: "brands.edit" }}
      name="brand"
      testId="brand-form"
      onClose={props.onClose}
    >
      <Row gutter={16}>
        {TEXT_FIELDS.map((field) => (
          <Col key={field.name} xs={24} md={12}>
            <Form.Item name={field.name} label={t(field.labelKey)} rules={[zodRule(brandFields[field.name])]}>
              <Input
                maxLength={field.max}
                inputMode={field.name === "longitude" || field.name === "latitude" ? "decimal" : undefined}
                placeholder={field.name === "service_time" ? t("brands.fields.serviceTimePlaceholder") : undefined}
                data-testid={`brand-${field.name}`}
              />
            </Form.Item>
          </Col>
        ))}
        <Col span={24}>
          <Form.Item name="address" label={t("brands.fields.address")} rules={[zodRule(brandFields.address)]}>
            <Input maxLength={255} data-testid="brand-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="logo" label={t("brands.fields.logo")} rules={[zodRule(brandFields.logo)]}>
            <ImageUpload max={LIMITS.imageCounts.brandLogo} testId="brand-logo" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="icon" label={t("brands.fields.icon")} rules={[zodRule(brandFields.icon)]}>
            <ImageUpload max={LIMITS.imageCounts.brandIcon} testId="brand-icon" />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
