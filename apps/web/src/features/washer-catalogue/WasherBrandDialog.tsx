import { API, WASHER_CATALOGUE_LIMITS, type WasherBrandItem, washerBrandFields } from "@washboard/shared";
import { Col, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { EntityDialog } from "../../app/ui/EntityDialog";

interface BrandForm {
  manufacturer: string;
  brand: string;
  alias: string;
  logo_url: string;
}

const EMPTY: BrandForm = { manufacturer: "", brand: "", alias: "", logo_url: "" };

/** Create (brand null) or edit one of the vendor's washer brands. */
export function WasherBrandDialog(props: { brand: WasherBrandItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = props.brand;

  const f = washerBrandFields;
  const L = WASHER_CATALOGUE_LIMITS;
  return (
    <EntityDialog
      record={editing}
      create={API.washerCatalogue.createBrand}
      modify={API.washerCatalogue.modifyBrand}
      initialValues={editing ? { ...editing } : EMPTY}
      titleKeys={{ add: "washerCatalogue.addBrand", edit: "washerCatalogue.editBrand" }}
      name="washer-brand"
      testId="washer-brand-form"
      onClose={props.onClose}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="manufacturer"
            label={t("washerCatalogue.fields.manufacturer")}
            rules={[zodRule(f.manufacturer)]}
          >
            <Input maxLength={L.manufacturer} data-testid="washer-brand-manufacturer" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand" label={t("washerCatalogue.fields.brand")} rules={[zodRule(f.brand)]}>
            <Input maxLength={L.brand} data-testid="washer-brand-brand" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="alias" label={t("washerCatalogue.fields.alias")} rules={[zodRule(f.alias)]}>
            <Input maxLength={L.alias} data-testid="washer-brand-alias" />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            name="logo_url"
            label={t("washerCatalogue.fields.logoUrl")}
            extra={t("washerCatalogue.fields.logoUrlHelp")}
            rules={[zodRule(f.logo_url)]}
          >
            <Input maxLength={L.logoUrl} inputMode="url" data-testid="washer-brand-logo" />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
