import {
  API,
  coinDenomination,
  DEFAULT_VENDOR_VARIANT,
  formatMoney,
  type LanguageCode,
  ORDER_PROVIDERS,
  parseMoney,
  VENDOR_PAYMENT_METHODS,
  VENDOR_VARIANTS,
  type VendorAdminItem,
  type VendorPaymentMethod,
  type VendorVariant,
  vendorAdminFields,
} from "@washboard/shared";
import { Col, Form, type FormRule, Input, InputNumber, Row, Select } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../app/forms/zod-rule";
import { i18next } from "../../app/i18n";
import { EntityDialog } from "../../app/ui/EntityDialog";
import { browserTimeZone, currencyOptions, languageOptions, timeZoneOptions } from "../auth/choices";

interface VendorForm {
  name: string;
  real_name: string;
  id_number: string;
  phone: string;
  home_page: string;
  settlement_cycle_days: number;
  fee_rate_coins: number;
  fee_rate_no_coins: number;
  currency: string;
  language: LanguageCode;
  time_zone: string;
  /** As typed, in the chosen currency; sent in minor units. */
  coin: string;
  payment_methods: VendorPaymentMethod[];
  variant: VendorVariant;
}

/** A payment method in the interface language; providers use their names from the permission tree. */
export function paymentMethodLabel(method: string): string {
  const provider = ORDER_PROVIDERS.find((p) => p.id === method);
  return i18next.t(provider ? `permissions.${provider.orders.permission}` : `vendorAdmin.paymentMethod.${method}`);
}

/** The coin denomination as typed in the form's currency, checked with the server's rule once in minor units. */
const coinRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value?: string) => {
    if (value === undefined || value.trim() === "") throw new Error(i18next.t("validation.required"));
    const minor = parseMoney(value, String(getFieldValue("currency") ?? "USD"));
    const result = coinDenomination.safeParse(minor ?? Number.NaN);
    if (minor === null) throw new Error(i18next.t("validation.numeric"));
    if (!result.success) throw new Error(i18next.t(result.error.issues[0]?.message ?? "validation.invalid"));
  },
});

const f = vendorAdminFields;

/** The create call's payload: the coin denomination in minor units (-1 when none is set). */
function createBody(values: VendorForm) {
  const { coin, ...rest } = values;
  return { ...rest, coin_denomination: parseMoney(coin, values.currency) ?? -1 };
}

/** Create a vendor of the group, or edit one; balances are shown on the list, never edited. */
export function VendorDialog(props: { vendor: VendorAdminItem | null; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<VendorForm>();
  const v = props.vendor;
  const initial: Partial<VendorForm> = v
    ? {
        name: v.name,
        real_name: v.real_name,
        id_number: v.id_number,
        phone: v.phone,
        home_page: v.home_page,
        settlement_cycle_days: v.settlement_cycle_days,
        fee_rate_coins: v.fee_rate_coins,
        fee_rate_no_coins: v.fee_rate_no_coins,
        currency: v.currency,
        language: v.language as LanguageCode,
        time_zone: v.time_zone,
        coin: formatMoney(v.coin_denomination, v.currency, { hideSymbol: true }),
        payment_methods: v.payment_methods as VendorPaymentMethod[],
        variant: v.variant,
      }
    : {
        settlement_cycle_days: 7,
        fee_rate_coins: 0,
        fee_rate_no_coins: 0,
        time_zone: browserTimeZone(),
        payment_methods: [],
        variant: DEFAULT_VENDOR_VARIANT,
      };

  const text = (name: keyof VendorForm & keyof typeof f, labelKey: string, max: number) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(labelKey)} required rules={[zodRule(f[name])]}>
        <Input maxLength={max} data-testid={`vendor-${name}`} />
      </Form.Item>
    </Col>
  );
  const number = (
    name: "settlement_cycle_days" | "fee_rate_coins" | "fee_rate_no_coins",
    labelKey: string,
    step: number,
  ) => (
    <Col xs={24} md={12}>
      <Form.Item
        name={name}
        label={t(labelKey)}
        required
        rules={[zodRule(f[name])]}
        extra={name === "settlement_cycle_days" ? undefined : t("vendorAdmin.feeRateHint")}
      >
        <InputNumber style={{ width: "100%" }} step={step} data-testid={`vendor-${name}`} />
      </Form.Item>
    </Col>
  );

  return (
    <EntityDialog
      record={props.vendor}
      create={API.vendorAdmin.create}
      modify={API.vendorAdmin.modify}
      createBody={createBody}
      modifyBody={(values: VendorForm, vendor) => ({ ...createBody(values), vendor_id: vendor.vendor_id })}
      initialValues={initial}
      titleKeys={{ add: "vendorAdmin.addTitle", edit: "vendorAdmin.editTitle" }}
      name="vendor"
      testId="vendor-form"
      form={form}
      preserve={false}
      onClose={props.onClose}
    >
      <Row gutter={16}>
        {text("name", "vendorAdmin.fields.name", 128)}
        {text("real_name", "vendorAdmin.fields.realName", 64)}
        {text("id_number", "vendorAdmin.fields.idNumber", 64)}
        {text("phone", "vendorAdmin.fields.phone", 32)}
        {text("home_page", "vendorAdmin.fields.homePage", 255)}
        {number("settlement_cycle_days", "vendorAdmin.fields.settlementCycle", 1)}
        {number("fee_rate_coins", "vendorAdmin.fields.feeRateCoins", 0.01)}
        {number("fee_rate_no_coins", "vendorAdmin.fields.feeRateNoCoins", 0.01)}
        <Col xs={24} md={12}>
          <Form.Item name="currency" label={t("vendorAdmin.fields.currency")} required rules={[zodRule(f.currency)]}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              options={currencyOptions(i18n.language)}
              onChange={() => void form.validateFields(["coin"]).catch(() => undefined)}
              data-testid="vendor-currency"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="coin"
            label={t("vendorAdmin.fields.coinDenomination")}
            required
            dependencies={["currency"]}
            rules={[coinRule]}
          >
            <Input inputMode="decimal" data-testid="vendor-coin" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="language" label={t("vendorAdmin.fields.language")} required rules={[zodRule(f.language)]}>
            <Select options={languageOptions} data-testid="vendor-language" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="time_zone" label={t("vendorAdmin.fields.timeZone")} required rules={[zodRule(f.time_zone)]}>
            <Select
              showSearch={{ optionFilterProp: "label" }}
              options={timeZoneOptions()}
              data-testid="vendor-timezone"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="variant"
            label={t("vendorAdmin.fields.variant")}
            extra={t("vendorAdmin.variantHint")}
            rules={[zodRule(f.variant)]}
          >
            <Select
              options={VENDOR_VARIANTS.map((value) => ({ value, label: t(`vendorAdmin.variants.${value}`) }))}
              data-testid="vendor-variant"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="payment_methods" label={t("vendorAdmin.fields.paymentMethods")}>
            <Select
              mode="multiple"
              allowClear
              options={VENDOR_PAYMENT_METHODS.map((m) => ({ value: m, label: paymentMethodLabel(m) }))}
              data-testid="vendor-payment-methods"
            />
          </Form.Item>
        </Col>
      </Row>
    </EntityDialog>
  );
}
