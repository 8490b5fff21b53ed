import { API, type PaymentProviderItem, payDiscount, providerFields } from "@washboard/shared";
import { Alert, Form, type FormRule, Input, InputNumber, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { useCallMutation } from "../../app/api/useCallMutation";
import { toastSuccess } from "../../app/feedback/toast";
import { i18next } from "../../app/i18n";
import { FormModal } from "../../app/ui/FormModal";

interface ProviderForm {
  enabled: boolean;
  fields: Record<string, string>;
  discount: number | null;
}

/** An empty discount means none; a number must be 1 to 99 (§5). */
const discountRule: FormRule = {
  validator: async (_rule, value: unknown) => {
    if (value === null || value === undefined || value === "") return;
    const result = payDiscount.safeParse(value);
    if (!result.success) throw new Error(i18next.t(result.error.issues[0]?.message ?? "validation.invalid"));
  },
};

/**
 * One provider's switch, credentials and pay discount. Secret fields show their mask; leaving
 * the mask keeps the stored secret, typing a new value replaces it.
 */
export function PaymentProviderDialog(props: { item: PaymentProviderItem; onClose(): void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ProviderForm>();
  const { item } = props;
  const saveProvider = useCallMutation(API.vendorProfile.modifyPaymentInfo);
  const saveDiscount = useCallMutation(API.vendorProfile.modifyPayDiscounts);
  const save = async (values: ProviderForm) => {
    const discount = values.discount ?? null;
    try {
      await saveProvider.mutateAsync({ provider: item.provider, enabled: values.enabled, fields: values.fields ?? {} });
      if (discount !== item.discount) {
        await saveDiscount.mutateAsync({ discounts: [{ provider: item.provider, discount }] });
      }
    } catch {
      // The failed call has toasted its error; the dialog stays open to correct it.
      return;
    }
    toastSuccess("success.set");
    props.onClose();
  };

  return (
    <FormModal
      form={form}
      open
      title={t("vendorProfile.configureTitle", { provider: t(`vendorProfile.providerNames.${item.provider}`) })}
      onCancel={props.onClose}
      saving={saveProvider.isPending || saveDiscount.isPending}
    >
      <Form<ProviderForm>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ enabled: item.enabled, fields: item.fields, discount: item.discount }}
        onFinish={(values) => void save(values)}
        data-testid="provider-form"
      >
        <Form.Item
          name="enabled"
          label={t("vendorProfile.enabled")}
          valuePropName="checked"
          extra={item.flag ? t("vendorProfile.menuHint") : undefined}
        >
          <Switch data-testid="provider-enabled" />
        </Form.Item>
        {providerFields(item.provider).map((field) => (
          <Form.Item
            key={field.name}
            name={["fields", field.name]}
            label={t(`vendorProfile.fields.${field.name}`)}
            extra={"secret" in field && field.secret ? t("vendorProfile.secretHint") : undefined}
          >
            <Input
              maxLength={4096}
              autoComplete="off"
              spellCheck={false}
              data-testid={`provider-field-${field.name}`}
            />
          </Form.Item>
        ))}
        <Form.Item name="discount" label={t("vendorProfile.discount")} rules={[discountRule]}>
          <InputNumber min={1} max={99} precision={0} placeholder={t("vendorProfile.noDiscount")} />
        </Form.Item>
        <Alert type="info" showIcon title={t("vendorProfile.secretStorage")} />
      </Form>
    </FormModal>
  );
}
