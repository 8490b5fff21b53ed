import { API, WASHER_CATALOGUE_LIMITS, type WasherBrandItem, washerBrandFields } from "@washboard/shared";
import { Col, Form, Input, Row } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { zodRule } from "../../app/forms/zod-rule";
import { FormModal } from "../../app/ui/FormModal";

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
  const [form] = Form.useForm<BrandForm>();
  const editing = props.brand;

  const save = useCallMutation(editing ? API.washerCatalogue.modifyBrand : API.washerCatalogue.createBrand, {
    toBody: (values: BrandForm) => (editing ? { ...values, id: editing.id } : values),
    success: editing ? "success.modify" : "success.add",
    onSuccess: props.onClose,
  });

  const f = washerBrandFields;
  const L = WASHER_CATALOGUE_LIMITS;
  return (
    <FormModal
      form={form}
      open
      title={t(editing ? "washerCatalogue.editBrand" : "washerCatalogue.addBrand")}
      onCancel={props.onClose}
      saving={save.isPending}
    >
      <Form<BrandForm>
        form={form}
        layout="vertical"
        initialValues={editing ? { ...editing } : EMPTY}
        onFinish={(values) => save.mutate(values)}
        data-testid="washer-brand-form"
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
      </Form>
    </FormModal>
  );
}
