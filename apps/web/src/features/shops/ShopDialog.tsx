import { API, LIMITS, SHOP_SERVICE_TYPE, type ShopItem, shopFields } from "@washboard/shared";
import { Col, Divider, Form, Input, InputNumber, Row, Select, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { useTimeZone } from "../../app/session/useTimeZone";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { ImageUpload } from "../../app/ui/ImageUpload";
import { timeZoneOptions } from "../auth/choices";
import { optionalPortRule, optionalTimeZoneRule, type ShopForm, toShopForm, toShopPayload } from "./form";
import { useShopOptions } from "./queries";

/** Spec §9 service types, in the order of their codes. */
export const SERVICE_TYPE_KEYS = {
  [SHOP_SERVICE_TYPE.washing]: "shops.serviceTypes.washing",
  [SHOP_SERVICE_TYPE.pet]: "shops.serviceTypes.pet",
  [SHOP_SERVICE_TYPE.composite]: "shops.serviceTypes.composite",
} as const;

/** Plain text fields of the MQTT section: name, label and input length (the server's limits). */
const MQTT_TEXT = [
  { name: "mqtt_username", labelKey: "shops.fields.mqttUsername", max: 128 },
  { name: "mqtt_client_id", labelKey: "shops.fields.mqttClientId", max: 128 },
  { name: "mqtt_host", labelKey: "shops.fields.mqttHost", max: 255 },
  { name: "product_key", labelKey: "shops.fields.productKey", max: 128 },
] as const;

/**
 * Create (shop null) or edit a shop with every §3 field. Location, brand and alliance come from
 * API.shops.options; secrets are password inputs showing the stored mask as placeholder, and
 * left blank they keep the stored value.
 */
export function ShopDialog(props: { shop: ShopItem | null; onClose(): void }) {
  const { t } = useTranslation();
  const editing = props.shop;
  const options = useShopOptions();
  // The shop pages are the vendor's own (levels 3 and 4): the session's zone is the merchant's.
  const merchantTimeZone = useTimeZone();

  const choices = (items: { id: number; name: string }[] | undefined) =>
    (items ?? []).map((item) => ({ value: item.id, label: item.name }));
  const selectProps = {
    allowClear: true,
    showSearch: { optionFilterProp: "label" },
    placeholder: t("shops.none"),
    loading: options.isLoading,
  } as const;
  const secretPlaceholder = (masked: string | undefined) => (masked ? masked : undefined);

  return (
    <EntityDialog
      record={editing}
      create={API.shops.create}
      modify={API.shops.modify}
      createBody={toShopPayload}
      modifyBody={(values: ShopForm, shop) => ({ ...toShopPayload(values), id: shop.id })}
      initialValues={toShopForm(editing)}
      titleKeys={{ add: "shops.add", edit: "shops.edit" }}
      name="shop"
      testId="shop-form"
      onClose={props.onClose}
    >
      <Divider titlePlacement="start">{t("shops.sections.basics")}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t("shops.fields.name")} rules={[zodRule(shopFields.name)]}>
            <Input maxLength={64} data-testid="shop-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="service_type"
            label={t("shops.fields.serviceType")}
            rules={[zodRule(shopFields.service_type)]}
          >
            <Select
              options={Object.entries(SERVICE_TYPE_KEYS).map(([value, key]) => ({
                value: Number(value),
                label: t(key),
              }))}
              data-testid="shop-service-type"
            />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="address" label={t("shops.fields.address")} rules={[zodRule(shopFields.address)]}>
            <Input maxLength={255} data-testid="shop-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="location_id" label={t("shops.fields.location")}>
            <Select {...selectProps} options={choices(options.data?.locations)} data-testid="shop-location" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="brand_id" label={t("shops.fields.brand")}>
            <Select {...selectProps} options={choices(options.data?.brands)} data-testid="shop-brand" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="alliance_id" label={t("shops.fields.alliance")}>
            <Select {...selectProps} options={choices(options.data?.alliances)} data-testid="shop-alliance" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="icon" label={t("shops.fields.icon")} rules={[zodRule(shopFields.icon)]}>
            <ImageUpload max={LIMITS.imageCounts.shopIcon} testId="shop-icon" />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item name="images" label={t("shops.fields.images")} rules={[zodRule(shopFields.images)]}>
            <ImageUpload max={LIMITS.imageCounts.shopImages} testId="shop-images" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="time_zone"
            label={t("shops.fields.timeZone")}
            extra={t("shops.timeZoneHint")}
            rules={[zodRule(optionalTimeZoneRule)]}
          >
            <Select
              allowClear
              showSearch={{ optionFilterProp: "label" }}
              placeholder={t("shops.merchantTimeZone", { zone: merchantTimeZone })}
              options={timeZoneOptions()}
              data-testid="shop-timezone"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t("shops.sections.payment")}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="epay_laundry_points" label={t("shops.fields.epayLaundryPoints")} valuePropName="checked">
            <Switch data-testid="shop-epay-points" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="epay_member_cards" label={t("shops.fields.epayMemberCards")} valuePropName="checked">
            <Switch data-testid="shop-epay-cards" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="payment_id"
            label={t("shops.fields.paymentId")}
            extra={t("shops.secretHint")}
            rules={[zodRule(shopFields.payment_id)]}
          >
            <Input.Password
              maxLength={255}
              autoComplete="new-password"
              placeholder={secretPlaceholder(editing?.payment_id)}
              data-testid="shop-payment-id"
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t("shops.sections.mqtt")}</Divider>
      <Row gutter={16}>
        {MQTT_TEXT.map((field) => (
          <Col key={field.name} xs={24} md={12}>
            <Form.Item name={field.name} label={t(field.labelKey)} rules={[zodRule(shopFields[field.name])]}>
              <Input maxLength={field.max} data-testid={`shop-${field.name.replaceAll("_", "-")}`} />
            </Form.Item>
          </Col>
        ))}
        <Col xs={24} md={12}>
          <Form.Item name="mqtt_port" label={t("shops.fields.mqttPort")} rules={[zodRule(optionalPortRule)]}>
            <InputNumber<number> style={{ width: "100%" }} precision={0} data-testid="shop-mqtt-port" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="mqtt_password"
            label={t("shops.fields.mqttPassword")}
            extra={t("shops.secretHint")}
            rules={[zodRule(shopFields.mqtt_password)]}
          >
            <Input.Password
              maxLength={255}
              autoComplete="new-password"
              placeholder={secretPlaceholder(editing?.mqtt_password)}
              data-testid="shop-mqtt-password"
            />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
